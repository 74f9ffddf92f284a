"use client";

import { BEHAVIORS } from "@/lib/links/behaviors";
import { Section, SelectField, TextArea, TextField } from "./fields";
import { ImageChoice } from "./image-choice";
import { orUndefined, type Model } from "./model";

const BEHAVIOR_LABELS: Record<string, string> = {
  conservative: "Conservative (recommended)",
  aggressive: "Aggressive: open apps from in-app browsers",
  basic: "Basic: plain redirects",
  "non-meta": "Non-Meta: skip Instagram and Facebook tricks",
  experimental: "Experimental",
  experimental2: "Experimental 2",
  reddit: "Reddit",
};

export function SettingsPanel({ model, templateId, draftId, problems, onChange }: { model: Model; templateId: string; draftId: string; problems: Record<string, string>; onChange: (model: Model) => void }) {
  const seo = model.seo ?? {};
  const spotlight = model.spotlight ?? {};
  return (
    <>
      <Section title="Search and sharing" description="What search engines and link previews show.">
        <TextField id="ed-seo-title" label="Page title" maxLength={200} value={seo.pageTitle} placeholder={model.profile?.name ?? ""} onChange={(pageTitle) => onChange({ ...model, seo: { ...seo, pageTitle: orUndefined(pageTitle) } })} />
        <TextArea id="ed-seo-description" label="Description" maxLength={500} value={seo.metaDescription} onChange={(metaDescription) => onChange({ ...model, seo: { ...seo, metaDescription: orUndefined(metaDescription) } })} />
        <ImageChoice
          id="ed-seo-image"
          label="Sharing picture"
          alt="The sharing picture"
          hint="Shown when the page is shared; a wide picture (1200×630) looks best. Without one, Hop draws a card from the page's name, avatar and colours."
          wide
          draftId={draftId}
          value={seo.ogImage ?? ""}
          error={problems["seo:ogImage"]}
          onChange={(ogImage) => onChange({ ...model, seo: { ...seo, ogImage: orUndefined(ogImage) } })}
        />
      </Section>
      {templateId === "spotlight-card-v2" ? (
        <Section title="Spotlight" description="A highlighted message at the top of the page, for a limited time.">
          <label className="ed-check">
            <input type="checkbox" checked={spotlight.enabled === true} onChange={(event) => onChange({ ...model, spotlight: { ...spotlight, enabled: event.target.checked } })} />
            Show the spotlight
          </label>
          <TextField id="ed-spotlight-text" label="Spotlight text" maxLength={200} value={spotlight.text} onChange={(text) => onChange({ ...model, spotlight: { ...spotlight, text: orUndefined(text) } })} />
          <TextField
            id="ed-spotlight-minutes"
            label="Duration (minutes)"
            type="number"
            value={String(spotlight.durationMinutes ?? 60)}
            onChange={(value) => onChange({ ...model, spotlight: { ...spotlight, durationMinutes: Math.max(1, Math.min(100000, Math.round(Number(value) || 1))) } })}
          />
        </Section>
      ) : null}
      <Section title="Deep links" description="How the page's buttons open apps from in-app browsers. Free plans always use Conservative.">
        <SelectField
          id="ed-behavior"
          label="Deep-link behavior"
          value={model.deepLinkBehavior ?? "conservative"}
          options={BEHAVIORS.map((b) => ({ value: b, label: BEHAVIOR_LABELS[b] ?? b }))}
          onChange={(behavior) => onChange({ ...model, deepLinkBehavior: behavior as Model["deepLinkBehavior"] })}
        />
      </Section>
    </>
  );
}
