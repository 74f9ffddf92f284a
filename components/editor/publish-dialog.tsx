"use client";

import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { type RequestError } from "@/components/ui/request";
import { qrSvg } from "@/lib/qr/qr-svg";
import { CopyButton } from "@/components/ui/copy-button";
import type { PublishedDraft } from "@/lib/drafts/publish-draft";
import type { PublishTargets } from "@/lib/drafts/publish-targets";
import { slugFromName } from "@/lib/links/slug-rules";

export type { PublishTargets };

export type Published = Pick<PublishedDraft, "id" | "url" | "isActive">;

type Kind = "primary" | "system" | "custom";

/** Which field a refusal belongs to: the use case names most; a taken slug and the limits are placed by their meaning. */
function fieldOf(error: RequestError, kind: Kind): string {
  const addressField = kind === "custom" ? "customPath" : "customSlug";
  if (error.field === "slug") return addressField; // the slug rules (INVALID_SLUG) are shared with links
  if (error.field && error.field !== "publish") return error.field;
  if (/slug|path/i.test(error.message)) return addressField;
  return "address";
}

/** Choose the address, publish through the same use case as POST /v1/websites, then show the live URL with copy and QR code. */
export function PublishDialog({ open, onClose, targets, publish, published, pageName }: {
  open: boolean;
  /** The page's name: the slug proposed until the customer types one. */
  pageName: string;
  onClose: () => void;
  targets: PublishTargets;
  publish: (address: Record<string, unknown>) => Promise<{ ok: true; data: Published } | { ok: false; error: RequestError }>;
  published: Published | null;
}) {
  const [kind, setKind] = useState<Kind>("primary");
  const [typedSlug, setSlug] = useState<string | null>(null);
  const slug = typedSlug ?? slugFromName(pageName);
  const [systemDomain, setSystemDomain] = useState(targets.systemDomains[0]?.domain ?? "");
  const [customDomain, setCustomDomain] = useState(targets.customDomains[0] ?? "");
  const [customPath, setCustomPath] = useState("");
  const [deploy, setDeploy] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    setBusy(true);
    setErrors({});
    const address =
      kind === "primary"
        ? { customSlug: slug.trim() || undefined }
        : kind === "system"
          ? { useSystemDomain: true, systemDomain, customSlug: slug.trim() }
          : { customDomain, customPath: customPath.trim(), deployToHosting: deploy };
    const result = await publish(address);
    setBusy(false);
    if (!result.ok) setErrors({ [fieldOf(result.error, kind)]: result.error.message });
  };
  const err = (field: string) => (errors[field] ? <p className="field-error" id={`pub-${field}-error`} role="alert">{errors[field]}</p> : null);
  const described = (field: string) => (errors[field] ? `pub-${field}-error` : undefined);

  if (published) {
    return (
      <Dialog open={open} onClose={onClose} id="publish-done" title="Your website is live" description={published.isActive ? "Share it anywhere." : "Saved inactive: the plan's active limit is reached."}
        footer={<button type="button" className="btn btn-primary" onClick={onClose}>Keep editing</button>}>
        <div className="ed-live">
          <a className="ed-live-url" href={published.url} target="_blank" rel="noreferrer" data-testid="live-url">{published.url}</a>
          <CopyButton value={published.url} label="Copy link" />
          <div className="ed-qr" dangerouslySetInnerHTML={{ __html: qrSvg(published.url, { ecc: "M" }) }} />
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog open={open} onClose={onClose} id="publish" title="Publish your website" description="Choose the address visitors will use."
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>Cancel</button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={submit}>{busy ? "Publishing…" : "Publish"}</button>
        </>
      }>
      <form className="ed-publish" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        {err("address")}
        {err("templateId")}
        <fieldset className="ed-fieldset">
          <legend className="field-label">Publish at</legend>
          <label className="ed-check"><input type="radio" name="pub-kind" checked={kind === "primary"} onChange={() => setKind("primary")} /> {targets.primaryDomain}/…</label>
          {targets.systemDomains.length ? <label className="ed-check"><input type="radio" name="pub-kind" checked={kind === "system"} onChange={() => setKind("system")} /> A system domain</label> : null}
          <label className="ed-check"><input type="radio" name="pub-kind" checked={kind === "custom"} disabled={!targets.customDomains.length} onChange={() => setKind("custom")} /> Your own domain{targets.customDomains.length ? "" : " (connect and verify one under Domains)"}</label>
        </fieldset>
        {kind === "system" ? (
          <div className="ed-field">
            <label className="field-label" htmlFor="pub-system">System domain</label>
            <select id="pub-system" className="select" value={systemDomain} aria-describedby={described("systemDomain")} onChange={(e) => setSystemDomain(e.target.value)}>
              {targets.systemDomains.map((d) => <option key={d.domain} value={d.domain}>{d.domain}{d.needsPaidPlan ? " (paid plans)" : ""}</option>)}
            </select>
            {err("systemDomain")}
          </div>
        ) : null}
        {kind === "custom" ? (
          <>
            <div className="ed-field">
              <label className="field-label" htmlFor="pub-domain">Domain</label>
              <select id="pub-domain" className="select" value={customDomain} aria-describedby={described("customDomain")} onChange={(e) => setCustomDomain(e.target.value)}>
                {targets.customDomains.map((d) => <option key={d} value={d}>{d}</option>)}
              </select>
              {err("customDomain")}
            </div>
            <div className="ed-field">
              <label className="field-label" htmlFor="pub-path">Path (empty for the domain's home page)</label>
              <input id="pub-path" className="input" value={customPath} aria-invalid={errors.customPath ? true : undefined} aria-describedby={described("customPath")} onChange={(e) => setCustomPath(e.target.value)} />
              {err("customPath")}
            </div>
            <label className="ed-check"><input type="checkbox" checked={deploy} onChange={(e) => setDeploy(e.target.checked)} /> Also deploy to static hosting</label>
          </>
        ) : (
          <div className="ed-field">
            <label className="field-label" htmlFor="pub-slug">Slug{kind === "primary" ? " (empty for a generated address)" : ""}</label>
            <div className="ed-prefixed">
              <span aria-hidden="true">{kind === "primary" ? targets.primaryDomain : systemDomain}/</span>
              <input id="pub-slug" className="input" value={slug} placeholder="your-name" aria-invalid={errors.customSlug ? true : undefined} aria-describedby={described("customSlug")} onChange={(e) => setSlug(e.target.value)} />
            </div>
            {err("customSlug")}
          </div>
        )}
      </form>
    </Dialog>
  );
}
