"use client";

import { DESIGNS, type Design } from "@/lib/bio/designs";
import { DRAFT_TEMPLATES, designName } from "@/lib/websites/designs";
import { Section } from "./fields";

const firstColour = (css: string) => css.match(/#[0-9a-f]{3,8}/i)?.[0] ?? css;

/** A tiny drawing of a design from its own tokens: background, card, avatar and three buttons. */
function Thumb({ design }: { design: Design }) {
  const card = design.layout === "card" || design.layout === "split";
  const r = Math.min(design.radius / 4, 4);
  return (
    <svg viewBox="0 0 60 80" width="60" height="80" aria-hidden="true" className="ed-thumb">
      <rect width="60" height="80" fill={firstColour(design.bg)} />
      {card ? <rect x="6" y="6" width="48" height="68" rx="5" fill={firstColour(design.surface)} /> : null}
      <circle cx="30" cy="20" r="7" fill={design.accent} />
      <rect x="18" y="31" width="24" height="3" rx="1.5" fill={design.text} />
      {[40, 50, 60].map((y) => (
        <rect key={y} x="12" y={y} width="36" height="7" rx={r} fill={design.button === "outline" || design.button === "underline" ? "none" : design.accent} stroke={design.accent} strokeWidth="1" />
      ))}
    </svg>
  );
}

export function DesignPanel({ templateId, onChange }: { templateId: string; onChange: (templateId: string) => void }) {
  const ids: string[] = (DRAFT_TEMPLATES as readonly string[]).includes(templateId) ? [...DRAFT_TEMPLATES] : [templateId, ...DRAFT_TEMPLATES];
  return (
    <Section title="Design" description="The layout, type and colours the page starts from.">
      <div className="ed-designs" role="radiogroup" aria-label="Design">
        {ids.map((id) => (
          <button key={id} type="button" role="radio" aria-checked={id === templateId} className="ed-design" onClick={() => onChange(id)}>
            <Thumb design={DESIGNS[id] ?? DESIGNS["simple-stack-v2"]} />
            <span>{designName(id)}</span>
          </button>
        ))}
      </div>
    </Section>
  );
}
