"use client";

import { FONT_IDS, FONTS, MAX_BUTTON_RADIUS, PAGE_BUTTON_STYLES } from "@/lib/bio/font-choices";
import { NAME_STYLES, PRESETS } from "@/lib/bio/style";
import { ColorField, Section, SelectField, TextField } from "./fields";
import { ContrastGuard } from "./contrast-guard";
import type { Model } from "./model";

type Theme = NonNullable<Model["theme"]>;
type Background = NonNullable<Theme["background"]>;
type Buttons = NonNullable<Theme["buttons"]>;

const BUTTON_STYLE_LABELS: Record<(typeof PAGE_BUTTON_STYLES)[number], string> = { fill: "Fill", outline: "Outline", "soft-shadow": "Soft shadow", "hard-shadow": "Hard shadow" };

const cap = (value: string) => value[0].toUpperCase() + value.slice(1);
/** A swatch colour for a preset: its first colour (presets are gradients or one colour). */
const firstColour = (css: string) => css.match(/#[0-9a-f]{3,8}/i)?.[0] ?? "#ccc";
const lastColour = (css: string) => [...css.matchAll(/#[0-9a-f]{3,8}/gi)].pop()?.[0] ?? firstColour(css);

export function ThemePanel({ model, templateId, onChange }: { model: Model; templateId: string | null; onChange: (model: Model) => void }) {
  const theme = model.theme ?? {};
  const setTheme = (patch: Partial<Theme>) => onChange({ ...model, theme: { ...theme, ...patch } });
  const background = theme.background;
  const setBackground = (next: Background | undefined) => setTheme({ background: next });
  const gradient = background?.gradient ?? { colors: ["#6366f1", "#ec4899"], angle: 135 };
  const gradientColours = gradient.colors ?? [gradient.from ?? "#6366f1", gradient.to ?? "#ec4899"];
  const page = theme.page ?? {};
  const typography = theme.typography ?? {};
  const buttons = theme.buttons ?? {};
  return (
    <>
      <Section title="Background">
        <SelectField
          id="ed-bg-type"
          label="Background"
          value={background?.type ?? "design"}
          options={[
            { value: "design", label: "The design's own" },
            { value: "preset", label: "Preset" },
            { value: "gradient", label: "Gradient" },
            { value: "solid", label: "Solid colour" },
          ]}
          onChange={(type) => {
            if (type === "design") setBackground(undefined);
            else if (type === "preset") setBackground({ type: "preset", preset: background?.preset ?? "sunset" });
            else if (type === "gradient") setBackground({ type: "gradient", gradient: { colors: gradientColours, angle: gradient.angle ?? 135 } });
            else setBackground({ type: "solid", solid: background?.solid ?? "#f4f4f5" });
          }}
        />
        {background?.type === "preset" ? (
          <div className="ed-swatches" role="radiogroup" aria-label="Preset">
            {Object.entries(PRESETS).map(([name, css]) => (
              <button key={name} type="button" role="radio" aria-checked={background.preset === name} className="ed-swatch" onClick={() => setBackground({ type: "preset", preset: name })}>
                <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
                  <defs>
                    <linearGradient id={`ed-preset-${name}`} x1="0" y1="0" x2="1" y2="1">
                      <stop offset="0" stopColor={firstColour(css)} />
                      <stop offset="1" stopColor={lastColour(css)} />
                    </linearGradient>
                  </defs>
                  <rect width="32" height="32" rx="8" fill={`url(#ed-preset-${name})`} />
                </svg>
                <span>{cap(name)}</span>
              </button>
            ))}
          </div>
        ) : null}
        {background?.type === "gradient" ? (
          <div className="ed-row">
            <ColorField id="ed-grad-from" label="From" value={gradientColours[0]} onChange={(c) => setBackground({ type: "gradient", gradient: { colors: [c ?? "#6366f1", gradientColours[gradientColours.length - 1]], angle: gradient.angle } })} />
            <ColorField id="ed-grad-to" label="To" value={gradientColours[gradientColours.length - 1]} onChange={(c) => setBackground({ type: "gradient", gradient: { colors: [gradientColours[0], c ?? "#ec4899"], angle: gradient.angle } })} />
            <TextField id="ed-grad-angle" label="Angle (degrees)" type="number" value={String(gradient.angle ?? 135)} onChange={(v) => setBackground({ type: "gradient", gradient: { colors: gradientColours, angle: Math.max(-360, Math.min(360, Number(v) || 0)) } })} />
          </div>
        ) : null}
        {background?.type === "solid" ? <ColorField id="ed-bg-solid" label="Colour" value={background.solid} onChange={(solid) => setBackground({ type: "solid", solid: solid ?? "#f4f4f5" })} /> : null}
      </Section>
      <Section title="Page colours" description="Empty fields keep the design's colours.">
        <div className="ed-grid2">
          <ColorField id="ed-card" label="Card" value={page.cardColor} onChange={(cardColor) => setTheme({ page: { ...page, cardColor } })} />
          <ColorField id="ed-text" label="Text" value={page.textColor} onChange={(textColor) => setTheme({ page: { ...page, textColor } })} />
          <ColorField id="ed-button" label="Buttons" value={page.buttonColor} onChange={(buttonColor) => setTheme({ page: { ...page, buttonColor } })} />
          <ColorField id="ed-button-text" label="Button text" value={page.buttonTextColor} onChange={(buttonTextColor) => setTheme({ page: { ...page, buttonTextColor } })} />
        </div>
        <ContrastGuard model={model} templateId={templateId} onChange={(next) => setTheme({ page: next })} />
      </Section>
      <Section title="Font and buttons" description="Make the design yours: one font for the whole page, and the buttons' shape.">
        <SelectField
          id="ed-font"
          label="Font"
          value={theme.font ?? ""}
          options={[{ value: "", label: "The design's own" }, ...FONT_IDS.map((id) => ({ value: id, label: FONTS[id].label }))]}
          onChange={(font) => setTheme({ font: (font || undefined) as Theme["font"] })}
        />
        <div className="ed-grid2">
          <SelectField
            id="ed-button-style"
            label="Button style"
            value={buttons.style ?? ""}
            options={[{ value: "", label: "The design's own" }, ...PAGE_BUTTON_STYLES.map((style) => ({ value: style, label: BUTTON_STYLE_LABELS[style] }))]}
            onChange={(style) => setTheme({ buttons: { ...buttons, style: (style || undefined) as Buttons["style"] } })}
          />
          <TextField
            id="ed-button-radius"
            label={`Corner radius (0–${MAX_BUTTON_RADIUS} px)`}
            type="number"
            placeholder="The design's"
            value={buttons.radius === undefined ? "" : String(buttons.radius)}
            onChange={(value) => setTheme({ buttons: { ...buttons, radius: value.trim() === "" ? undefined : Math.max(0, Math.min(MAX_BUTTON_RADIUS, Math.round(Number(value) || 0))) } })}
          />
        </div>
      </Section>
      <Section title="Typography">
        <SelectField
          id="ed-name-style"
          label="Name style"
          value={typography.nameStyle ?? ""}
          options={[{ value: "", label: "Design default" }, ...Object.keys(NAME_STYLES).map((s) => ({ value: s, label: cap(s) }))]}
          onChange={(nameStyle) => setTheme({ typography: { ...typography, nameStyle: nameStyle || undefined } })}
        />
        <div className="ed-grid2">
          <ColorField id="ed-name-colour" label="Name" value={typography.nameColor} onChange={(nameColor) => setTheme({ typography: { ...typography, nameColor } })} />
          <ColorField id="ed-handle-colour" label="Handle" value={typography.handleColor} onChange={(handleColor) => setTheme({ typography: { ...typography, handleColor } })} />
          <ColorField id="ed-bio-colour" label="Bio" value={typography.bioColor} onChange={(bioColor) => setTheme({ typography: { ...typography, bioColor } })} />
        </div>
      </Section>
    </>
  );
}
