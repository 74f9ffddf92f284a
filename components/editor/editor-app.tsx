"use client";

import { onTabKeys } from "./tab-keys";
import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import { send } from "@/components/ui/request";
import type { DraftForEditor } from "@/lib/drafts/get-draft-for-editor";
import type { PublishedDraft } from "@/lib/drafts/publish-draft";
import { BlocksPanel } from "./blocks-panel";
import { DesignPanel } from "./design-panel";
import { designName } from "@/lib/websites/designs";
import { blocksOf, completeModel, type Model } from "./model";
import { savableModel } from "./model-check";
import { PreviewPane } from "./preview-pane";
import { fromLocalInput } from "./schedule-time";
import { ProfilePanel } from "./profile-panel";
import { PublishDialog, type Published, type PublishTargets } from "./publish-dialog";
import { SaveStatus } from "./save-status";
import { SettingsPanel } from "./settings-panel";
import { SocialsPanel } from "./socials-panel";
import { ThemePanel } from "./theme-panel";
import { readBackup, useAutosave, type Edit } from "./use-autosave";
import { usePreview } from "./use-preview";
import { countOf } from "@/lib/text/plural";

export type EditorDraft = Pick<DraftForEditor, "id" | "name" | "templateId" | "semantic" | "version" | "published">;

const TABS = [
  { id: "content", label: "Content" },
  { id: "design", label: "Design" },
  { id: "settings", label: "Settings" },
] as const;
type Tab = (typeof TABS)[number]["id"];

/** The editor: controls on the left, the live preview on the right (on a phone: Edit / Preview tabs). */
export function EditorApp({ draft, nonce, targets }: { draft: EditorDraft; nonce: string; targets: PublishTargets }) {
  const [edit, setEdit] = useState<Edit>(() => ({ model: { ...draft.semantic, links: blocksOf(draft.semantic) }, templateId: draft.templateId }));
  const [tab, setTab] = useState<Tab>("content");
  const [pane, setPane] = useState<"edit" | "preview">("edit");
  const [published, setPublished] = useState<Published | null>(draft.published);
  const [publishOpen, setPublishOpen] = useState(false);
  const [publishState, setPublishState] = useState<{ busy: boolean; message?: string; error?: string }>({ busy: false });
  const [unpublishedFlag, setUnpublished] = useState(draft.published?.unpublishedChanges === true);
  // What the live page shows, when known (loaded with nothing unpublished, or just published): the
  // edits are compared with it, so moving a block and back leaves no "Unpublished changes".
  const [live, setLive] = useState<string | null>(null);
  // What is saved and previewed: every field the schema accepts; a refused one stays here, marked.
  const checked = useMemo(() => savableModel(completeModel(edit.model)), [edit.model]);
  const sent = useMemo<Edit>(() => ({ model: checked.model, templateId: edit.templateId }), [checked, edit.templateId]);
  const unsaved = Object.keys(checked.problems).length;
  const sentKey = useMemo(() => JSON.stringify(sent), [sent]);
  const startKey = useRef(sentKey);
  useEffect(() => {
    if (draft.published && !draft.published.unpublishedChanges) setLive(startKey.current);
  }, [draft.published]);
  const unpublished = live !== null ? sentKey !== live : unpublishedFlag;
  const controls = useRef<HTMLDivElement>(null);
  const openTab = (next: Tab) => {
    setTab(next);
    // Each tab opens at its top, not at the scroll position the previous one was left at.
    const box = controls.current;
    if (!box) return;
    const panel = box.querySelector<HTMLElement>(".ed-tabpanel");
    if (panel) panel.scrollTop = 0;
    // On a phone the page itself scrolls: bring the tabs back into view when they are above it.
    if (box.getBoundingClientRect().top < 0) box.scrollIntoView({ block: "start" });
  };
  const autosave = useAutosave(draft.id, draft.version, sent);
  // Edits a closed tab or a lost connection left unsaved come back (and are saved) after mount.
  useEffect(() => {
    const restored = readBackup(draft.id, draft.version);
    if (restored) {
      setEdit(restored);
      setUnpublished(true);
    }
  }, [draft.id, draft.version]);
  // The preview's time (a datetime-local value, "" = now), offered while a block is scheduled.
  const [previewAt, setPreviewAt] = useState("");
  const scheduled = (edit.model.links ?? []).some((block) => block.schedule?.start || block.schedule?.end);
  const preview = usePreview(draft.id, sent, nonce, scheduled ? fromLocalInput(previewAt) : undefined);
  const change = (next: (current: Edit) => Edit) => {
    setEdit(next);
    setUnpublished(true);
    setPublishState((current) => (current.message ? { busy: false } : current));
  };
  const setModel = (model: Model) => change((current) => ({ ...current, model }));

  const publish = async (address: Record<string, unknown>) => {
    if (!(await autosave.saveNow())) return { ok: false as const, error: { message: "Your latest edits are not saved yet; publish once they are.", status: 0 } };
    const result = await send<PublishedDraft>("POST", `/api/dashboard/drafts/${draft.id}/publish`, { version: autosave.version(), ...address });
    if (result.ok) {
      autosave.adopt(result.data.version);
      setPublished({ id: result.data.id, url: result.data.url, isActive: result.data.isActive });
      setUnpublished(false);
      setLive(sentKey);
    }
    return result;
  };
  const publishChanges = async () => {
    setPublishState({ busy: true });
    if (!(await autosave.saveNow())) return setPublishState({ busy: false, error: "Your latest edits are not saved yet." });
    const result = await send<{ url: string }>("POST", `/api/dashboard/drafts/${draft.id}/publish-changes`, { version: autosave.version() });
    setPublishState(result.ok ? { busy: false, message: "Changes are live." } : { busy: false, error: result.error.message });
    if (result.ok) {
      setUnpublished(false);
      setLive(sentKey);
    }
  };

  return (
    <div className={`ed pane-${pane}`}>
      <header className="ed-bar">
        <Link href="/" className="ed-back" aria-label="Back to the dashboard">
          ←
        </Link>
        <div className="ed-bar-title">
          <h1>{edit.model.profile?.name || draft.name}</h1>
          <p>
            {designName(edit.templateId)}
            {published ? (
              <>
                {" · "}
                <a href={published.url} target="_blank" rel="noreferrer">
                  {published.url.replace(/^https?:\/\//, "")}
                </a>
              </>
            ) : (
              " · Draft"
            )}
          </p>
        </div>
        <SaveStatus state={autosave.state} />
        {published && unpublished ? <span className="badge badge-warning ed-unpublished">Unpublished changes</span> : null}
        {published ? (
          <button type="button" className="btn btn-primary" disabled={publishState.busy || !unpublished} onClick={publishChanges}>
            {publishState.busy ? "Publishing…" : "Publish changes"}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setPublishOpen(true)}>
            Publish
          </button>
        )}
      </header>
      {autosave.state.kind === "conflict" ? (
        <div className="alert alert-warning ed-banner" role="alert">
          <span>This page was changed in another tab or by a teammate. Reload to get the latest version; your edits here were not saved.</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => { localStorage.removeItem(`hop-editor:${draft.id}`); location.reload(); }}>
            Reload
          </button>
        </div>
      ) : null}
      {autosave.state.kind === "invalid" ? (
        <div className="alert alert-danger ed-banner" role="alert">
          Not saved: {autosave.state.message.replace(/^semantic\.[\w.[\]]+:\s*/, "")}
        </div>
      ) : unsaved ? (
        <div className="alert alert-warning ed-banner" role="status" data-testid="unsaved-fields">
          {countOf(unsaved, "field")} {unsaved === 1 ? "needs" : "need"} a fix (marked below); everything else is saved.
        </div>
      ) : null}
      {publishState.message || publishState.error ? (
        <div className={`alert ${publishState.error ? "alert-danger" : "alert-success"} ed-banner`} role="status">
          {publishState.error ?? publishState.message}
        </div>
      ) : null}
      <div className="ed-panes" role="tablist" aria-label="Editor view" onKeyDown={(event) => onTabKeys(event, ["edit", "preview"] as const, pane, setPane)}>
        <button type="button" role="tab" aria-selected={pane === "edit"} tabIndex={pane === "edit" ? 0 : -1} onClick={() => setPane("edit")}>
          Edit
        </button>
        <button type="button" role="tab" aria-selected={pane === "preview"} tabIndex={pane === "preview" ? 0 : -1} onClick={() => setPane("preview")}>
          Preview
        </button>
      </div>
      <div className="ed-main">
        <div className="ed-controls" ref={controls}>
          <div className="ed-tabs" role="tablist" aria-label="Editor sections" onKeyDown={(event) => onTabKeys(event, TABS.map((t) => t.id), tab, openTab)}>
            {TABS.map((t) => (
              <button key={t.id} type="button" role="tab" id={`ed-tab-${t.id}`} aria-selected={tab === t.id} tabIndex={tab === t.id ? 0 : -1} aria-controls="ed-tabpanel" onClick={() => openTab(t.id)}>
                {t.label}
              </button>
            ))}
          </div>
          <div className="ed-tabpanel" id="ed-tabpanel" role="tabpanel" aria-labelledby={`ed-tab-${tab}`}>
            {tab === "content" ? (
              <>
                <ProfilePanel draftId={draft.id} model={edit.model} onChange={setModel} problems={checked.problems} />
                <BlocksPanel blocks={blocksOf(edit.model)} onChange={(links) => setModel({ ...edit.model, links })} problems={checked.problems} />
                <SocialsPanel model={edit.model} onChange={setModel} problems={checked.problems} />
              </>
            ) : null}
            {tab === "design" ? (
              <>
                <DesignPanel templateId={edit.templateId} onChange={(templateId) => change((current) => ({ ...current, templateId }))} />
                <ThemePanel model={edit.model} templateId={edit.templateId} onChange={setModel} />
              </>
            ) : null}
            {tab === "settings" ? <SettingsPanel model={edit.model} templateId={edit.templateId} draftId={draft.id} problems={checked.problems} onChange={setModel} /> : null}
          </div>
        </div>
        <PreviewPane html={preview.html} failed={preview.failed} at={scheduled ? { value: previewAt, onChange: setPreviewAt } : undefined} />
      </div>
      <PublishDialog pageName={edit.model.profile?.name || draft.name} open={publishOpen} onClose={() => setPublishOpen(false)} targets={targets} publish={publish} published={publishOpen ? published : null} />
    </div>
  );
}
