"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { BulkOutcome } from "@/lib/links/dashboard-bulk";
import type { LinkFormChoices as Choices } from "@/lib/links/link-form-choices";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";
import { send } from "../ui/request";
import { toast } from "../ui/toast";
import { BEHAVIOR_HELP, createBody, extrasBody, fieldOfError, initialState, seoBody, updateBody, type LinkDetails, type LinkFormState } from "./link-form-model";
import { GeoRulesEditor, LanguageRulesEditor, TextField } from "./rule-editors";

/** The choices the pages read (linkFormChoices) and the behaviours the link may have. */
export type LinkFormChoices = Pick<Choices, "domains" | "defaultDomain" | "groups" | "presets"> & { behaviors: readonly string[] };

/** Create and edit in one form; every error is the use case's own message, next to its field. */
export function LinkForm({ link, choices, readOnly }: { link: LinkDetails | null; choices: LinkFormChoices; readOnly: boolean }) {
  const router = useRouter();
  const [state, setState] = useState<LinkFormState>(() => initialState(link, choices.defaultDomain));
  // After a create whose follow-up PUT failed, the form edits the link that now exists.
  const [savedId, setSavedId] = useState<string | null>(link?.id ?? null);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<LinkFormState>) => setState((current) => ({ ...current, ...patch }));
  const errorOf = (field: string) => (error && error.field === field ? error.message : undefined);
  const disabled = readOnly || busy;
  const editing = savedId !== null;

  async function save(): Promise<string | null> {
    let id = savedId;
    if (!id) {
      const created = await send<{ data: { id: string } }>("POST", "/api/dashboard/links", createBody(state));
      if (!created.ok) return fail(created.error);
      id = created.data.data.id;
      setSavedId(id);
      const extras = extrasBody(state);
      if (Object.keys(extras).length) {
        const updated = await send("PUT", `/api/dashboard/links/${encodeURIComponent(id)}`, extras);
        if (!updated.ok) return fail(updated.error);
      }
      return id;
    }
    const path = `/api/dashboard/links/${encodeURIComponent(id)}`;
    const updated = await send("PUT", path, updateBody(state));
    if (!updated.ok) return fail(updated.error);
    const seoChange = seoBody(state, link?.seo);
    if (seoChange) {
      const seo = await send("PUT", path, seoChange);
      if (!seo.ok) return fail(seo.error);
    }
    if ((link?.groupId ?? "") !== state.groupId) {
      const moved = await send<BulkOutcome>("POST", "/api/dashboard/links/bulk", { action: "move", links: [id], groupId: state.groupId || null });
      if (!moved.ok) return fail({ ...moved.error, field: "groupId" });
    }
    return id;
  }

  function fail(problem: { message: string; field?: string }): null {
    setError({ field: fieldOfError(problem.field, problem.message), message: problem.message });
    return null;
  }

  return (
    <form
      className="link-form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setError(null);
        const id = await save();
        setBusy(false);
        if (!id) return;
        toast(editing ? "Link saved" : "Link created");
        router.push(`/links/${encodeURIComponent(id)}`);
        router.refresh();
      }}
    >
      {error && error.field === "form" ? <Alert tone="danger">{error.message}</Alert> : null}
      {error && error.field !== "form" ? (
        <p className="visually-hidden" role="status">
          The link was not saved: {error.message}
        </p>
      ) : null}
      <Card labelledBy="link-basics">
        <CardHeader id="link-basics" title="Link" description="Where it goes, its short address, tags and group. Its title is under SEO and link previews." />
        <CardBody>
          <div className="form-grid">
            <TextField id="link-url" label="Destination" type="url" value={state.url} onChange={(url) => set({ url })} error={errorOf("url")} placeholder="https://example.com/page" disabled={disabled} />
            <div className="field">
              <label className="field-label" htmlFor="link-domain">
                Domain
              </label>
              <select id="link-domain" className="select" value={state.domain} disabled={disabled || editing} onChange={(event) => set({ domain: event.target.value })} aria-describedby="link-domain-hint">
                {choices.domains.map((domain) => (
                  <option key={domain} value={domain}>
                    {domain}
                    {domain === choices.defaultDomain ? " (default)" : ""}
                  </option>
                ))}
              </select>
              {errorOf("domain") ? <p className="field-error" role="alert">{errorOf("domain")}</p> : <p className="field-hint" id="link-domain-hint">{editing ? "Fixed once the link exists." : "Your default domain is preselected."}</p>}
            </div>
            <TextField id="link-slug" label="Slug" value={state.slug} onChange={(slug) => set({ slug })} error={errorOf("slug")} hint={editing ? "Fixed once the link exists." : "3–50 letters, digits, - or _. Left empty on a custom domain, one is generated."} disabled={disabled || editing} />
            <TextField id="link-tags" label="Tags" value={state.tags} onChange={(tags) => set({ tags })} error={errorOf("tags")} hint="Comma-separated" disabled={disabled} />
            <div className="field">
              <label className="field-label" htmlFor="link-group">
                Group
              </label>
              <select id="link-group" className="select" value={state.groupId} disabled={disabled} onChange={(event) => set({ groupId: event.target.value })}>
                <option value="">No group</option>
                {choices.groups.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name}
                  </option>
                ))}
              </select>
              {errorOf("groupId") ? <p className="field-error" role="alert">{errorOf("groupId")}</p> : null}
            </div>
          </div>
        </CardBody>
      </Card>

      <Card labelledBy="link-behavior">
        <CardHeader id="link-behavior" title="Behavior" description="What visitors in in-app browsers (Instagram, TikTok …) see. Free plans always use conservative." />
        <CardBody>
          <fieldset className="behavior-list">
            <legend className="visually-hidden">Behavior</legend>
            {choices.behaviors.map((behavior) => (
              <label className="behavior-option" key={behavior}>
                <input type="radio" name="behavior" value={behavior} checked={state.behavior === behavior} disabled={disabled} onChange={() => set({ behavior })} />
                <span>
                  <span className="behavior-name">{behavior}</span>
                  <span className="field-hint">{BEHAVIOR_HELP[behavior] ?? ""}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </CardBody>
      </Card>

      <Card labelledBy="link-geo">
        <CardHeader id="link-geo" title="Geo rules" description="Visitors from these places go elsewhere. Checked in order, before language rules; the first match wins." />
        <CardBody>
          <GeoRulesEditor rules={state.geoRules} onChange={(geoRules) => set({ geoRules })} presets={choices.presets} errorOf={errorOf} disabled={disabled} />
        </CardBody>
      </Card>

      <Card labelledBy="link-languages">
        <CardHeader id="link-languages" title="Language rules" description="Matched against the browser's languages (Accept-Language) after the geo rules." />
        <CardBody>
          <LanguageRulesEditor rules={state.languageRules} onChange={(languageRules) => set({ languageRules })} errorOf={errorOf} disabled={disabled} />
        </CardBody>
      </Card>

      <Card labelledBy="link-seo">
        <CardHeader id="link-seo" title="SEO and link previews" description="What Slack, WhatsApp, X, Facebook and search engines show when the short URL is shared. The title also names the link in this dashboard." />
        <CardBody>
          <div className="form-grid">
            <TextField id="link-title" label="SEO title" value={state.title} onChange={(title) => set({ title })} error={errorOf("title")} hint="Up to 500 characters." disabled={disabled} />
            <TextField id="link-seo-image" label="SEO preview image URL" type="url" value={state.seoImage} onChange={(seoImage) => set({ seoImage })} error={errorOf("seo")} hint="An https:// image, ideally 1200×630." placeholder="https://" disabled={disabled} />
            <div className="field form-grid-wide">
              <label className="field-label" htmlFor="link-description">
                SEO description
              </label>
              <textarea
                id="link-description"
                className="input textarea"
                rows={3}
                value={state.description}
                disabled={disabled}
                aria-invalid={errorOf("description") ? true : undefined}
                aria-describedby={errorOf("description") ? "link-description-error" : "link-description-hint"}
                onChange={(event) => set({ description: event.target.value })}
              />
              {errorOf("description") ? (
                <p className="field-error" id="link-description-error" role="alert">
                  {errorOf("description")}
                </p>
              ) : (
                <p className="field-hint" id="link-description-hint">
                  Up to 2,000 characters; previews show the first 150 or so.
                </p>
              )}
            </div>
          </div>
        </CardBody>
      </Card>

      <Card labelledBy="link-tracking">
        <CardHeader id="link-tracking" title="Tracking and back URL" description="Tags that run on the page visitors pass through, and where they go when the destination is unavailable." />
        <CardBody>
          <div className="form-grid">
            <TextField id="link-google-tag" label="Google tag ID" value={state.googleTagId} onChange={(googleTagId) => set({ googleTagId })} error={errorOf("googleTags")} placeholder="G-XXXXXXX" disabled={disabled} />
            <TextField id="link-meta-pixel" label="Meta pixel ID" value={state.metaPixelId} onChange={(metaPixelId) => set({ metaPixelId })} error={errorOf("metaPixel")} disabled={disabled} />
            <TextField id="link-back-url" label="Alternate back URL" type="url" value={state.alternateBackUrl} onChange={(alternateBackUrl) => set({ alternateBackUrl })} error={errorOf("alternateBackUrl")} hint="Where visitors go back to when the destination is unavailable." placeholder="https://" disabled={disabled} />
          </div>
        </CardBody>
      </Card>

      <div className="form-actions">
        <Button type="submit" disabled={disabled}>
          {busy ? "Saving…" : editing ? "Save changes" : "Create link"}
        </Button>
        <a className="btn btn-ghost" href="/links">
          Cancel
        </a>
        {readOnly ? <span className="field-hint">Your team role (viewer) can look, not change.</span> : null}
      </div>
    </form>
  );
}
