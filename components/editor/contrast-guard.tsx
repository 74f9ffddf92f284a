"use client";

import { contrastProblems } from "@/lib/bio/contrast";
import { designOf } from "@/lib/bio/designs";
import { effectiveDesign, pagePalette } from "@/lib/bio/style";
import type { Model } from "./model";

type PageColours = NonNullable<NonNullable<Model["theme"]>["page"]>;

const FIELD = { text: "textColor", buttonText: "buttonTextColor" } as const;

/**
 * Under the page's colours: each pair under WCAG AA (4.5:1) with its ratio and the nearest colour
 * that passes, one click away. The published page uses that colour anyway unless the owner ticks
 * "Keep my colours" (lib/bio/style.ts, pageColours).
 */
export function ContrastGuard({ model, templateId, onChange }: { model: Model; templateId: string | null; onChange: (page: PageColours) => void }) {
  const page = model.theme?.page ?? {};
  const design = designOf(templateId);
  const data = { theme: model.theme } as Record<string, unknown>;
  // The buttons as the page draws them: a page-wide button style (filled on an outline design)
  // puts the button text on the button colour, and the published page corrects that pair too.
  const problems = contrastProblems(effectiveDesign(design, data), pagePalette(design, data));
  if (problems.length === 0) return null;
  return (
    <div className="ed-contrast" role="status">
      {problems.map((problem) => (
        <p key={problem.pair} className="ed-contrast-row">
          <span>
            <strong>{problem.label}</strong>: {problem.ratio}:1 — under 4.5:1, hard to read for many visitors.
          </span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange({ ...page, [FIELD[problem.pair]]: problem.suggestion })}>
            <span className="ed-contrast-chip" style={{ background: problem.suggestion }} aria-hidden="true" />
            Use {problem.suggestion}
          </button>
        </p>
      ))}
      <label className="ed-check">
        <input type="checkbox" checked={page.keepLowContrast === true} onChange={(event) => onChange({ ...page, keepLowContrast: event.target.checked || undefined })} />
        Keep my colours anyway
      </label>
      <p className="ed-hint">
        {page.keepLowContrast ? "The page is published with these colours; its analytics page shows this warning." : "Until you choose, the published page uses the suggested colours."}
      </p>
    </div>
  );
}
