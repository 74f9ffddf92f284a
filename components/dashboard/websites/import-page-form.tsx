"use client";

import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { FileDrop } from "@/components/ui/file-drop";
import { send } from "@/components/ui/request";
import { platformLabel } from "@/lib/bio/icons";
import type { importDraft } from "@/lib/drafts/import/import-draft";
import { countOf } from "@/lib/text/plural";

// "Move in from LinkStack or Linktree": choose the tool, give the file (upload or paste), and the
// draft is made at once; the answer shows what it holds and what was left behind, then the
// editor opens on it. The file goes to Hop as it is: Hop never fetches the old page itself.

type Imported = Awaited<ReturnType<typeof importDraft>>["data"];
type Source = "linkstack" | "linktree";

const MAX_BYTES = 2 * 1024 * 1024;

const SOURCES: Record<Source, { name: string; how: string; accept: string }> = {
  linkstack: {
    name: "LinkStack",
    how: "In LinkStack's Studio, open Profile → Export all data and upload that .json file. Or open your public page (yoursite/@name), save it with Ctrl+S / ⌘S as “Web page, HTML only”, and upload the .html file.",
    accept: ".json,.html,.htm,application/json,text/html",
  },
  linktree: {
    name: "Linktree",
    how: "Open your public page (linktr.ee/yourname) in the browser, save it with Ctrl+S / ⌘S as “Web page, HTML only”, and upload the .html file. Or view the page source, copy it all and paste it below.",
    accept: ".html,.htm,text/html",
  },
};

const BLOCK_LABEL: Record<string, string> = { simple: "Link", header: "Header", text: "Text", media: "Media" };

/** `commerce_product` → "Commerce product": the other tool's block kinds, in words. */
const kindLabel = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1).replace(/_/g, " ");

export function ImportPageForm() {
  const [source, setSource] = useState<Source>("linkstack");
  const [fileName, setFileName] = useState<string | null>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Imported | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  async function pick(file: File | undefined) {
    setError(null);
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setError(`${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; the file may be at most 2 MB. Save the page as “HTML only”, without its images.`);
      return;
    }
    setFileName(file.name);
    setText(await file.text());
  }

  async function submit() {
    if (!text.trim()) {
      setError(`Choose the file from ${SOURCES[source].name}, or paste it in the box.`);
      return;
    }
    setBusy(true);
    setError(null);
    const type = text.trimStart().startsWith("{") ? "application/json" : "text/html";
    const answer = await send<{ data: Imported }>("POST", `/api/dashboard/websites/import?source=${source}`, new Blob([text], { type }));
    setBusy(false);
    if (answer.ok) setResult(answer.data.data);
    else setError(answer.error.message);
  }

  function reset() {
    setResult(null);
    setText("");
    setFileName(null);
    setError(null);
  }

  if (result) return <ImportResult result={result} onAgain={reset} />;

  return (
    <Card>
      <CardBody>
        <form
          className="import-page"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <fieldset className="import-source">
            <legend className="field-label">Where is your page now?</legend>
            <div className="import-source-options">
              {(Object.keys(SOURCES) as Source[]).map((key) => (
                <label key={key} className="import-source-option">
                  <input type="radio" name="source" value={key} checked={source === key} onChange={() => setSource(key)} />
                  <span>{SOURCES[key].name}</span>
                </label>
              ))}
            </div>
            <p className="field-hint" id="import-how">
              {SOURCES[source].how}
            </p>
          </fieldset>
          <div className="field">
            <span className="field-label" id="import-file-label">
              File
            </span>
            <FileDrop
              ref={fileInput}
              id="import-file"
              accept={SOURCES[source].accept}
              labelledBy="import-file-label"
              describedBy="import-how"
              disabled={busy}
              prompt={fileName ? `${fileName} — choose another file` : "Drop the file here, or click to choose it (at most 2 MB)"}
              onFile={(file) => void pick(file)}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="import-paste">
              Or paste it
            </label>
            <textarea
              id="import-paste"
              className="input import-paste"
              rows={5}
              spellCheck={false}
              placeholder={source === "linktree" ? "<!DOCTYPE html>… (the whole page source)" : "{ \"name\": … } or <!DOCTYPE html>…"}
              value={fileName ? "" : text}
              disabled={Boolean(fileName) || busy}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <div className="form-actions">
            <Button type="submit" disabled={busy}>
              {busy ? "Importing…" : `Import from ${SOURCES[source].name}`}
            </Button>
            {fileName ? (
              <Button variant="ghost" onClick={reset} disabled={busy}>
                Clear file
              </Button>
            ) : null}
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

function ImportResult({ result, onAgain }: { result: Imported; onAgain: () => void }) {
  const { imported, skipped } = result;
  const from = result.source === "linktree" ? "Linktree" : "LinkStack";
  return (
    <div className="page-stack">
      <Card labelledBy="import-done">
        <CardHeader
          id="import-done"
          title={`Draft “${result.name}” is ready`}
          description={`From ${from}: ${countOf(imported.links.length, "block")} and ${countOf(imported.socials.length, "social icon")}. Check it in the editor, then publish.`}
          action={
            <a className="btn btn-primary" href={new URL(result.editorUrl).pathname}>
              Open in editor
            </a>
          }
        />
        <CardBody>
          <dl className="import-profile">
            <dt>Name</dt>
            <dd>{imported.profile.name ?? "—"}</dd>
            {imported.profile.handle ? (
              <>
                <dt>Handle</dt>
                <dd>@{imported.profile.handle}</dd>
              </>
            ) : null}
            <dt>Bio</dt>
            <dd>{imported.profile.bio ?? "—"}</dd>
            <dt>Picture</dt>
            <dd>{imported.avatar ? "Linked from the old page's address (upload it in the editor to keep it for good)" : "None carried over"}</dd>
          </dl>
          <h3 className="import-heading">Blocks, in order</h3>
          {imported.links.length ? (
            <ol className="import-list">
              {imported.links.map((block, index) => (
                <li key={index}>
                  <Badge>{BLOCK_LABEL[block.type] ?? block.type}</Badge>
                  <span className="import-title">{block.title ?? block.text}</span>
                  {block.url ? <span className="import-url">{block.url}</span> : null}
                </li>
              ))}
            </ol>
          ) : (
            <p className="field-hint">No buttons were found.</p>
          )}
          <h3 className="import-heading">Social icons</h3>
          {imported.socials.length ? (
            <ul className="import-list">
              {imported.socials.map((social, index) => (
                <li key={index}>
                  <Badge tone="accent">{platformLabel(social.platform)}</Badge>
                  <span className="import-url">{social.url}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="field-hint">No social icons were found.</p>
          )}
        </CardBody>
      </Card>
      <Card labelledBy="import-skipped">
        <CardHeader id="import-skipped" title="Not carried over" description={skipped.length ? "Add these by hand in the editor if you still need them." : undefined} />
        <CardBody>
          {skipped.length ? (
            <ul className="import-list">
              {skipped.map((item, index) => (
                <li key={index}>
                  <Badge tone="warning">{kindLabel(item.kind)}</Badge>
                  <span className="import-title">{item.title}</span>
                  <span className="import-reason">{item.reason}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="field-hint">Everything on the page was carried over.</p>
          )}
          <div className="form-actions import-again">
            <Button variant="secondary" onClick={onAgain}>
              Import another page
            </Button>
          </div>
        </CardBody>
      </Card>
    </div>
  );
}
