"use client";

import { Section, SelectField, TextField } from "./fields";
import type { Model } from "./model";
import type { Problems } from "./model-check";

type Social = NonNullable<Model["socials"]>[number];

const PLATFORMS = ["instagram", "tiktok", "youtube", "x", "facebook", "linkedin", "github", "twitch", "spotify", "threads", "bluesky", "email", "website"];
const label = (platform: string) => (platform === "x" ? "X (Twitter)" : platform[0].toUpperCase() + platform.slice(1));

export function SocialsPanel({ model, onChange, problems }: { model: Model; onChange: (model: Model) => void; problems: Problems }) {
  const socials = model.socials ?? [];
  const set = (next: Social[]) => onChange({ ...model, socials: next });
  return (
    <Section
      title="Social icons"
      description="A handle (@ada) or a full profile address."
      actions={
        <button type="button" className="btn btn-secondary btn-sm" disabled={socials.length >= 30} onClick={() => set([...socials, { platform: "instagram", handle: "" }])}>
          Add social
        </button>
      }
    >
      {socials.length === 0 ? <p className="ed-empty">No social icons yet.</p> : null}
      <ul className="ed-socials">
        {socials.map((social, index) => (
          <li key={index} className="ed-social">
            <SelectField
              id={`ed-social-${index}-platform`}
              label="Platform"
              value={social.platform}
              options={(PLATFORMS.includes(social.platform) ? PLATFORMS : [social.platform, ...PLATFORMS]).map((p) => ({ value: p, label: label(p) }))}
              onChange={(platform) => set(socials.map((s, i) => (i === index ? { ...s, platform } : s)))}
            />
            <TextField
              id={`ed-social-${index}-handle`}
              label="Handle or URL"
              value={social.url ?? social.handle}
              error={problems[`social:${index}:handle`] ?? problems[`social:${index}:url`]}
              onChange={(handle) => set(socials.map((s, i) => (i === index ? { platform: s.platform, handle } : s)))}
            />
            <button type="button" className="btn btn-ghost btn-sm ed-social-remove" aria-label={`Remove ${label(social.platform)}`} onClick={() => set(socials.filter((_, i) => i !== index))}>
              Remove
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}
