"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { withHttpsScheme } from "@/lib/links/http-url";
import { suggestedSlug } from "@/lib/links/slug-rules";
import type { LinkFormChoices as Choices } from "@/lib/links/link-form-choices";
import { Button } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";
import { Disclosure } from "../ui/disclosure";
import { send, type RequestError } from "../ui/request";
import { toast } from "../ui/toast";
import { useLeaveGuard } from "../ui/use-leave-guard";
import { LinkPreview } from "./link-preview";
import { checkLinkForm, controlIdOf, fieldError, remainingErrors, sectionOf, type FieldError, type LinkFormSection } from "./link-form-check";
import { BEHAVIOR_HELP, BEHAVIOR_NAMES, createBody, initialState, sectionSummaries, updateBody, UTM_FIELDS, utmOf, withUtm, type LinkDetails, type LinkFormState } from "./link-form-model";
import { GeoRulesEditor, LanguageRulesEditor, TextField } from "./rule-editors";
import { DeviceFields, ExpirationFields, PasswordFields, useExpirySummary } from "./link-gate-fields";
import { ScheduleFields, useScheduleSummary } from "./link-schedule-fields";
import { VariantsEditor } from "./variant-fields";
import { byCount, countOf } from "@/lib/text/plural";

/** The choices the pages read (linkFormChoices) and the behaviours the link may have. */
export type LinkFormChoices = Pick<Choices, "domains" | "defaultDomain" | "primaryDomain" | "customDomains" | "groups" | "presets" | "countries"> & { behaviors: readonly string[] };

/**
 * Create and edit in one form. A new link needs only a destination: the slug starts as a random
 * one (the server page draws it, so hydration agrees). The form checks itself with the API's
 * schemas before sending; every problem, its own or the server's, is worded for people, marked on
 * its field, and the first one is opened, scrolled to and focused.
 */
export function LinkForm({ link, template = null, choices, readOnly, initialSlug = "" }: { link: LinkDetails | null; template?: LinkDetails | null; choices: LinkFormChoices; readOnly: boolean; initialSlug?: string }) {
  const router = useRouter();
  // A new link may start from a template (Duplicate): its every field, a new slug.
  const [state, setState] = useState<LinkFormState>(() => ({ ...initialState(link ?? template, choices.defaultDomain), ...(link ? {} : { slug: initialSlug }) }));
  // After a create whose follow-up PUT failed, the form edits the link that now exists.
  const [savedId, setSavedId] = useState<string | null>(link?.id ?? null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  // Whose errors are shown: the form's own check (re-run on every edit, so each clears as its field
  // is fixed) or the server's answer (cleared by the next edit).
  const errorsFrom = useRef<"check" | "server">("check");
  const [open, setOpen] = useState<ReadonlySet<LinkFormSection>>(new Set());
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<LinkFormState>) => setState((current) => ({ ...current, ...patch }));
  const errorOf = (field: string) => errors.find((error) => error.field === field)?.message;
  const disabled = readOnly || busy;
  const editing = savedId !== null;
  const summaries = sectionSummaries(state);
  const expirySummary = useScheduleSummary(state, useExpirySummary(state.expiresAt));
  const hasPassword = link?.hasPassword === true;
  const passwordSummary = hasPassword ? (state.removePassword ? "Removed on save" : state.password ? "Replaced on save" : "Set") : state.password ? "Set on save" : "None";
  const utm = utmOf(state.url);
  const [pristine] = useState(() => JSON.stringify(state));
  const guard = useLeaveGuard(!readOnly && JSON.stringify(state) !== pristine);
  const checkOptions = { editing, slugOptional: choices.customDomains.includes(state.domain), onPrimary: state.domain === choices.primaryDomain };
  const checked = useRef(state);
  useEffect(() => {
    if (checked.current === state) return;
    checked.current = state;
    setErrors((current) => (!current.length ? current : errorsFrom.current === "server" ? [] : remainingErrors(current, checkLinkForm(state, checkOptions))));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  const section = (name: LinkFormSection) => ({ open: open.has(name), onToggle: (isOpen: boolean) => setOpen((current) => toggled(current, name, isOpen)) });

  /** Marks every problem, opens the sections that hold them, and takes the person to the first. */
  function show(found: FieldError[], from: "check" | "server" = "check") {
    errorsFrom.current = from;
    flushSync(() => {
      setBusy(false); // a disabled control cannot take focus
      setErrors(found);
    });
    reveal(found);
  }

  /** Opens the sections that hold these problems and takes the person to the first. */
  function reveal(found: FieldError[]) {
    flushSync(() => setOpen((current) => new Set([...current, ...found.map((error) => sectionOf(error.field))])));
    const first = found.find((error) => error.field !== "form");
    const control = first ? document.getElementById(controlIdOf(first.field)) : document.getElementById("link-form-summary");
    control?.scrollIntoView({ block: "center" });
    control?.focus({ preventScroll: true });
  }

  /** One request, one transaction, whatever sections are filled in. */
  async function save(): Promise<string | null> {
    if (!savedId) {
      const created = await send<{ data: { id: string } }>("POST", "/api/dashboard/links", createBody(state));
      if (!created.ok) return fail(created.error);
      setSavedId(created.data.data.id);
      return created.data.data.id;
    }
    const updated = await send("PUT", `/api/dashboard/links/${encodeURIComponent(savedId)}`, updateBody(state));
    return updated.ok ? savedId : fail(updated.error);
  }

  function fail(problem: RequestError): null {
    show([fieldError(problem, state)], "server");
    return null;
  }

  return (
    <form
      className="link-form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const found = checkLinkForm(state, checkOptions);
        if (found.length) return show(found);
        setBusy(true);
        setErrors([]);
        const id = await save();
        setBusy(false);
        if (!id) return;
        guard.release();
        toast(editing ? "Link saved" : "Link created");
        router.push(`/links/${encodeURIComponent(id)}`);
        router.refresh();
      }}
    >
      <Card labelledBy="link-basics">
        <CardHeader id="link-basics" title="Link" description="Where it goes and its short address. Everything else is optional." />
        <CardBody>
          <div className="form-grid">
            <div className="form-grid-wide">
              <TextField id="link-url" label="Destination" type="url" value={state.url} onChange={(url) => set({ url })} onBlur={() => set({ url: withHttpsScheme(state.url) })} error={errorOf("url")} placeholder="https://example.com/page" disabled={disabled} autoFocus={!link && !readOnly} />
            </div>
            <div className="form-grid-wide">
              <TextField id="link-title" label="Title" value={state.title} onChange={(title) => set({ title })} error={errorOf("title")} hint="Names the link in your list; also the title shown when the short link is shared. Up to 500 characters." disabled={disabled} />
            </div>
            <div className="field">
              <label className="field-label" htmlFor="link-domain">
                Domain
              </label>
              <select id="link-domain" className="select" value={state.domain} disabled={disabled || editing} onChange={(event) => set({ domain: event.target.value })} aria-invalid={errorOf("domain") ? true : undefined} aria-describedby={errorOf("domain") ? "link-domain-error" : "link-domain-hint"}>
                {choices.domains.map((domain) => (
                  <option key={domain} value={domain}>
                    {domain}
                    {domain === choices.defaultDomain ? " (default)" : ""}
                  </option>
                ))}
              </select>
              {errorOf("domain") ? <p className="field-error" id="link-domain-error" role="alert">{errorOf("domain")}</p> : <p className="field-hint" id="link-domain-hint">{editing ? "Fixed once the link exists." : "Your default domain is preselected."}</p>}
            </div>
            <div className="field">
              <label className="field-label" htmlFor="link-slug">
                Slug
              </label>
              <div className="input-with-action">
                <input id="link-slug" name="link-slug" className="input" value={state.slug} disabled={disabled || editing} onChange={(event) => set({ slug: event.target.value })} aria-invalid={errorOf("slug") ? true : undefined} aria-describedby={errorOf("slug") ? "link-slug-error" : "link-slug-hint"} autoComplete="off" spellCheck={false} />
                {editing ? null : (
                  <Button variant="secondary" disabled={disabled} onClick={() => set({ slug: suggestedSlug() })} title="Draw a new random one">
                    Shuffle
                  </Button>
                )}
              </div>
              {errorOf("slug") ? (
                <p className="field-error" id="link-slug-error" role="alert">
                  {errorOf("slug")}
                </p>
              ) : (
                <p className="field-hint" id="link-slug-hint">
                  {editing ? (
                    <>
                      Short links are printed and shared, so the slug and domain stay fixed.
                      {readOnly ? null : (
                        <>
                          {" "}
                          <a href={`/links/new?from=${encodeURIComponent(savedId)}`}>Duplicate with a new slug</a>
                        </>
                      )}
                    </>
                  ) : choices.customDomains.includes(state.domain) ? (
                    "Yours to choose, or leave it empty for a random one."
                  ) : (
                    "A random one to start with; type your own if you like."
                  )}
                </p>
              )}
            </div>
            <p className="short-preview form-grid-wide" aria-live="polite">
              <span className="field-hint">Short link</span> <strong>{state.domain}/{state.slug.trim() || "…"}</strong>
            </p>
            <LinkPreview state={state} />
            <TextField id="link-tags" label="Tags" value={state.tags} onChange={(tags) => set({ tags })} error={errorOf("tags")} hint="Comma-separated" disabled={disabled} />
            <div className="field">
              <label className="field-label" htmlFor="link-group">
                Group
              </label>
              <select id="link-group" className="select" value={state.groupId} disabled={disabled} onChange={(event) => set({ groupId: event.target.value })} aria-invalid={errorOf("groupId") ? true : undefined} aria-describedby={errorOf("groupId") ? "link-group-error" : undefined}>
                <option value="">No group</option>
                {choices.groups.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name}
                  </option>
                ))}
              </select>
              {errorOf("groupId") ? <p className="field-error" id="link-group-error" role="alert">{errorOf("groupId")}</p> : null}
            </div>
          </div>
        </CardBody>
      </Card>

      <Disclosure id="link-utm" title="UTM parameters" summary={summaries.utm} {...section("utm")}>
        <p className="card-description">Tag the destination for Google Analytics and the like: each field writes its parameter into the destination&apos;s address.</p>
        {utm ? (
          <div className="form-grid">
            {UTM_FIELDS.map(([key, label, example]) => (
              <TextField key={key} id={`link-${key.replace("_", "-")}`} label={label} value={utm[key]} onChange={(value) => set({ url: withUtm(state.url, key, value) })} placeholder={example} hint={key} disabled={disabled} />
            ))}
          </div>
        ) : (
          <p className="field-hint">Enter a full destination above (https://…) to add UTM parameters to it.</p>
        )}
      </Disclosure>

      <Disclosure id="link-ab-test" title="A/B test" summary={summaries.abTest} {...section("abTest")}>
        <p className="card-description">Split visitors between 2 to 4 destinations by share. Each visitor keeps theirs through the day, without cookies; geo, language and device rules still come first. Compare them in the link&apos;s analytics.</p>
        <VariantsEditor variants={state.variants} destination={state.url} onChange={(variants) => set({ variants })} errorOf={errorOf} disabled={disabled} />
      </Disclosure>

      <Disclosure id="link-behavior" title="Behavior" summary={summaries.behavior} {...section("behavior")}>
        <p className="card-description">What visitors in in-app browsers (Instagram, TikTok …) see. Free plans always use conservative.</p>
        <fieldset className="behavior-list">
          <legend className="visually-hidden">Behavior</legend>
          {choices.behaviors.map((behavior) => (
            <label className="behavior-option" key={behavior}>
              <input type="radio" id={`link-behavior-${behavior}`} name="behavior" value={behavior} checked={state.behavior === behavior} disabled={disabled} onChange={() => set({ behavior })} />
              <span>
                <span className="behavior-name">{BEHAVIOR_NAMES[behavior] ?? behavior}</span>
                <span className="field-hint">{BEHAVIOR_HELP[behavior] ?? ""}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </Disclosure>

      <Disclosure id="link-geo" title="Geo rules" summary={summaries.geo} {...section("geo")}>
        <p className="card-description">Visitors from these places go elsewhere. Checked in order, before language rules; the first match wins.</p>
        <GeoRulesEditor rules={state.geoRules} onChange={(geoRules) => set({ geoRules })} presets={choices.presets} countries={choices.countries} errorOf={errorOf} disabled={disabled} />
      </Disclosure>

      <Disclosure id="link-languages" title="Language rules" summary={summaries.languages} {...section("languages")}>
        <p className="card-description">Matched against the browser's languages (Accept-Language) after the geo rules.</p>
        <LanguageRulesEditor rules={state.languageRules} onChange={(languageRules) => set({ languageRules })} errorOf={errorOf} disabled={disabled} />
      </Disclosure>

      <Disclosure id="link-expiration" title="Schedule, limit and expiry" summary={expirySummary} {...section("expiration")}>
        <p className="card-description">When the short link starts and stops sending visitors to the destination. Once it expires, or its visit limit is used up, visitors go to the URL below, or see that the link has expired.</p>
        <ScheduleFields state={state} set={set} errorOf={errorOf} disabled={disabled} />
        <ExpirationFields state={state} set={set} errorOf={errorOf} disabled={disabled} />
      </Disclosure>

      <Disclosure id="link-password-section" title="Password" summary={passwordSummary} {...section("password")}>
        <p className="card-description">Visitors enter it before they are sent on; once entered, their browser remembers it for a day. Link previews show only the SEO title and description.</p>
        <PasswordFields state={state} set={set} errorOf={errorOf} disabled={disabled} hasPassword={hasPassword} />
      </Disclosure>

      <Disclosure id="link-devices" title="Device targeting" summary={summaries.devices} {...section("devices")}>
        <p className="card-description">Send iPhone, iPad and Android visitors to their app store or app page. Geo and language rules come first.</p>
        <DeviceFields state={state} set={set} errorOf={errorOf} disabled={disabled} />
      </Disclosure>

      <Disclosure id="link-seo" title="SEO and link previews" summary={summaries.seo} {...section("seo")}>
        <p className="card-description">What Slack, WhatsApp, X, Facebook and search engines show under the link&apos;s title when the short URL is shared.</p>
        <div className="form-grid">
          <TextField id="link-seo-image" label="SEO preview image URL" type="url" value={state.seoImage} onChange={(seoImage) => set({ seoImage })} onBlur={() => set({ seoImage: withHttpsScheme(state.seoImage) })} error={errorOf("seo")} hint="An https:// image, ideally 1200×630." placeholder="https://" disabled={disabled} />
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
      </Disclosure>

      <Disclosure id="link-tracking" title="Tracking and back URL" summary={summaries.tracking} {...section("tracking")}>
        <p className="card-description">Tags that run on the page visitors pass through, and where they go when the destination is unavailable.</p>
        <div className="form-grid">
          <TextField id="link-google-tag" label="Google tag ID" value={state.googleTagId} onChange={(googleTagId) => set({ googleTagId })} error={errorOf("googleTags")} placeholder="G-XXXXXXX" disabled={disabled} />
          <TextField id="link-meta-pixel" label="Meta pixel ID" value={state.metaPixelId} onChange={(metaPixelId) => set({ metaPixelId })} error={errorOf("metaPixel")} disabled={disabled} />
          <TextField id="link-back-url" label="Alternate back URL" type="url" value={state.alternateBackUrl} onChange={(alternateBackUrl) => set({ alternateBackUrl })} onBlur={() => set({ alternateBackUrl: withHttpsScheme(state.alternateBackUrl) })} error={errorOf("alternateBackUrl")} hint="Where visitors go back to when the destination is unavailable." placeholder="https://" disabled={disabled} />
        </div>
      </Disclosure>

      <div className="form-actions">
        <Button type="submit" disabled={disabled}>
          {busy ? "Saving…" : editing ? "Save changes" : "Create link"}
        </Button>
        <Link className="btn btn-ghost" href="/links">
          Cancel
        </Link>
        {readOnly ? <span className="field-hint">Your team role (viewer) can look, not change.</span> : null}
        <FormSummary errors={errors} onPick={(field) => reveal(errors.filter((error) => error.field === field))} />
      </div>
    </form>
  );
}

function toggled(current: ReadonlySet<LinkFormSection>, name: LinkFormSection, isOpen: boolean): ReadonlySet<LinkFormSection> {
  if (current.has(name) === isOpen) return current;
  const next = new Set(current);
  if (isOpen) next.add(name);
  else next.delete(name);
  return next;
}

/** Beside the button, where the person is looking: what stopped the save, each problem a way to its field. */
function FormSummary({ errors, onPick }: { errors: FieldError[]; onPick: (field: string) => void }) {
  if (!errors.length) return <p id="link-form-summary" className="visually-hidden" role="status" tabIndex={-1} />;
  const general = errors.find((error) => error.field === "form");
  const fields = errors.filter((error) => error.field !== "form");
  return (
    <div id="link-form-summary" className="form-summary" role="alert" tabIndex={-1}>
      {general ? <p>{general.message}</p> : null}
      {fields.length ? (
        <>
          <p className="form-summary-title">{byCount(fields.length, { one: "Not saved: one field needs attention.", other: `Not saved: ${countOf(fields.length, "field")} need attention.` })}</p>
          <ul className="form-summary-list">
            {fields.map((error) => (
              <li key={error.field}>
                <button type="button" className="link-button" onClick={() => onPick(error.field)}>
                  {error.message}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
