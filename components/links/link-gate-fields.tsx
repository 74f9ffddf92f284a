"use client";

import { withHttpsScheme } from "@/lib/links/http-url";
import { InstantField } from "./instant-field";
import { useHydrated } from "../ui/use-hydrated";
import type { LinkFormState } from "./link-form-model";
import { TextField } from "./rule-editors";

// The link form's extension sections (docs/API.md "Extensions"): expiry, a visitor password and
// device targeting. The expiry is typed in the browser's time zone and sent as an instant.

interface SectionProps {
  state: LinkFormState;
  set: (patch: Partial<LinkFormState>) => void;
  errorOf: (field: string) => string | undefined;
  disabled: boolean;
}

/** The expiry as a person reads it in their own time zone ("Never" when unset). */
export function useExpirySummary(expiresAt: string): string {
  const hydrated = useHydrated();
  if (!expiresAt) return "Never";
  if (!hydrated) return "Set";
  const at = new Date(expiresAt);
  const when = at.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return at.getTime() <= Date.now() ? `Expired ${when}` : `Expires ${when}`;
}

export function ExpirationFields({ state, set, errorOf, disabled }: SectionProps) {
  const hydrated = useHydrated();
  const zone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : "";
  return (
    <div className="form-grid">
      <InstantField
        id="link-expires-at"
        label="Expires at"
        value={state.expiresAt}
        onChange={(expiresAt) => set({ expiresAt })}
        onClear={() => set({ expiresAt: "", expiredUrl: "" })}
        error={errorOf("expiresAt")}
        hint={`${zone ? `In your time zone (${zone}). ` : ""}Empty: the link never expires.`}
        disabled={disabled}
      />
      <TextField
        id="link-expired-url"
        label="After it expires, send visitors to"
        type="url"
        value={state.expiredUrl}
        onChange={(expiredUrl) => set({ expiredUrl })}
        onBlur={() => set({ expiredUrl: withHttpsScheme(state.expiredUrl) })}
        error={errorOf("expiredUrl")}
        hint="Optional. Without it they see a page saying the link has expired."
        placeholder="https://"
        disabled={disabled}
      />
    </div>
  );
}

export function PasswordFields({ state, set, errorOf, disabled, hasPassword }: SectionProps & { hasPassword: boolean }) {
  const removing = hasPassword && state.removePassword;
  return (
    <div className="form-grid">
      <div className="form-grid-wide">
        <TextField
          id="link-password"
          label={hasPassword ? "New password" : "Password"}
          type="password"
          value={removing ? "" : state.password}
          onChange={(password) => set({ password })}
          error={errorOf("password")}
          hint={hasPassword ? "Visitors must enter the current password (never shown). Type a new one to replace it; everyone who entered the old one is asked again." : "Optional. Visitors must enter it before they are sent on. 4 to 128 characters."}
          disabled={disabled || removing}
        />
      </div>
      {hasPassword ? (
        <label className="checkbox-row form-grid-wide">
          <input type="checkbox" checked={state.removePassword} disabled={disabled} onChange={(event) => set({ removePassword: event.target.checked, password: "" })} />
          <span>Remove the password: anyone with the link can open it again</span>
        </label>
      ) : null}
    </div>
  );
}

export function DeviceFields({ state, set, errorOf, disabled }: SectionProps) {
  return (
    <div className="form-grid">
      <TextField id="link-ios" label="iPhone and iPad" type="url" value={state.ios} onChange={(ios) => set({ ios })} onBlur={() => set({ ios: withHttpsScheme(state.ios) })} error={errorOf("ios")} hint="An App Store page, say." placeholder="https://apps.apple.com/…" disabled={disabled} />
      <TextField id="link-android" label="Android" type="url" value={state.android} onChange={(android) => set({ android })} onBlur={() => set({ android: withHttpsScheme(state.android) })} error={errorOf("android")} hint="A Google Play page, say." placeholder="https://play.google.com/…" disabled={disabled} />
    </div>
  );
}
