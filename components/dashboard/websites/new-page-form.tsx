"use client";

import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { send } from "@/components/ui/request";
import { humanMessage } from "@/lib/dashboard/human-messages";
import type { createPageDraft } from "@/lib/drafts/new-page";
import { DesignThumbnail } from "./design-thumbnail";

type Created = Awaited<ReturnType<typeof createPageDraft>>;

/** "New website": a name, a design from the gallery of real renderings, then the editor on the new draft. */
export function NewPageForm({ designs }: { designs: Array<{ id: string; name: string }> }) {
  const [name, setName] = useState("");
  const [templateId, setTemplateId] = useState(designs[0]?.id ?? "");
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);

  const submit = async () => {
    if (!name.trim()) {
      setError({ field: "name", message: "Give the page a name: visitors see it at the top." });
      nameInput.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const result = await send<Created>("POST", "/api/dashboard/drafts", { name: name.trim(), templateId });
    if (result.ok) {
      // The editor is its own app (not a dashboard route): a full navigation, like "Open in editor".
      window.location.assign(new URL(result.data.editorUrl).pathname);
      return;
    }
    setBusy(false);
    setError({ field: result.error.field, message: humanMessage(result.error) });
    if (result.error.field === "name") nameInput.current?.focus();
  };

  return (
    <form
      className="new-page"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field id="page-name" label="Website name" hint="Shown at the top of the website; you can change it in the editor." error={error?.field === "name" ? error.message : undefined}>
        <Input ref={nameInput} id="page-name" hint value={name} maxLength={120} placeholder="e.g. Alex Rivera" autoComplete="off" error={error?.field === "name" ? error.message : undefined} onChange={(event) => setName(event.target.value)} />
      </Field>
      <fieldset className="design-gallery">
        <legend className="field-label">Design</legend>
        <p className="field-hint">Each is drawn by the same renderer your visitors get. Colours, buttons and type can be changed later.</p>
        <div className="design-grid">
          {designs.map((design) => (
            <label key={design.id} className="design-option" data-design={design.id}>
              <input type="radio" name="design" value={design.id} checked={templateId === design.id} onChange={() => setTemplateId(design.id)} className="visually-hidden" />
              <DesignThumbnail id={design.id} />
              <span className="design-option-name">{design.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="form-actions new-page-actions">
        {error && error.field !== "name" ? <Alert tone="danger">{error.message}</Alert> : null}
        <Button type="submit" disabled={busy}>
          {busy ? "Creating…" : "Create website and open the editor"}
        </Button>
      </div>
    </form>
  );
}
