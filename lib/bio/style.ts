import { colour, obj, str, type Data } from "./data";
import { contrastProblems, type ContrastProblem, type PagePalette } from "./contrast";
import { type ButtonStyle, type Design } from "./designs";
import { MAX_BUTTON_RADIUS, PAGE_BUTTON_STYLES, type PageButtonStyle } from "./font-choices";

// The page's one <style> block: the design's tokens and layout, then the owner's theme choices
// (background, name/handle/bio colours), then only the rules the page's blocks use. Every value
// taken from the data is a checked colour, a number or one of our own keywords.

const SERIF = 'Georgia,"Times New Roman",serif';
const MONO = 'ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace';
const SANS = 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif';

export const BUTTON_STYLES: Record<ButtonStyle, string> = {
  fill: "background:var(--a);color:var(--at);border:0",
  outline: "background:transparent;color:var(--t);border:2px solid var(--a)",
  // 28 px, not 999: a one-line button (~52 px high) is still fully round, a long title that wraps
  // keeps rounded corners instead of turning into an oval.
  pill: "background:var(--a);color:var(--at);border:0;border-radius:28px",
  block: "background:var(--s);color:var(--t);border:1px solid color-mix(in srgb,var(--t) 15%,transparent)",
  underline: "background:transparent;color:var(--t);border:0;border-bottom:2px solid var(--a);border-radius:0;text-align:left",
  shadow: "background:var(--s);color:var(--t);border:2px solid var(--t);box-shadow:4px 4px 0 var(--t)",
};

/** The owner's page-wide button shapes (theme.buttons.style) in the design's own terms. */
// Each resets what another design style sets (a hard shadow, an underline's left alignment).
const PAGE_BUTTON_CSS: Record<PageButtonStyle, string> = {
  fill: `${BUTTON_STYLES.fill};box-shadow:none;text-align:center`,
  outline: `${BUTTON_STYLES.outline};box-shadow:none;text-align:center`,
  "soft-shadow": "background:var(--s);color:var(--t);border:0;box-shadow:0 6px 18px rgba(0,0,0,.14);text-align:center",
  "hard-shadow": `${BUTTON_STYLES.shadow};text-align:center`,
};
const DESIGN_STYLE_OF: Record<PageButtonStyle, ButtonStyle> = { fill: "fill", outline: "outline", "soft-shadow": "block", "hard-shadow": "shadow" };

/** theme.buttons: the owner's button style and corner radius (0–28 px) over the design's. */
export function pageButtons(data: Data): { style: PageButtonStyle | null; radius: number | null } {
  const b = obj(obj(data.theme).buttons);
  const style = (PAGE_BUTTON_STYLES as readonly string[]).includes(str(b.style)) ? (str(b.style) as PageButtonStyle) : null;
  const radius = typeof b.radius === "number" && Number.isFinite(b.radius) ? Math.max(0, Math.min(MAX_BUTTON_RADIUS, Math.round(b.radius))) : null;
  return { style, radius };
}

/** The design as the owner's choices make it (button style), for what depends on it (contrast). */
export function effectiveDesign(design: Design, data: Data): Design {
  const { style } = pageButtons(data);
  return style ? { ...design, button: DESIGN_STYLE_OF[style] } : design;
}

function buttonOverrides(data: Data): string {
  const { style, radius } = pageButtons(data);
  return (style ? `.links .btn{${PAGE_BUTTON_CSS[style]}}` : "") + (radius !== null ? `.links .btn,.contact button{border-radius:${radius}px}` : "");
}

export const ANIMATIONS: Record<string, string> = {
  pulse: "@keyframes hop-pulse{50%{transform:scale(1.03)}}.an-pulse{animation:hop-pulse 2s ease-in-out infinite}",
  shake: "@keyframes hop-shake{0%,90%,100%{transform:none}92%{transform:translateX(-3px)}96%{transform:translateX(3px)}}.an-shake{animation:hop-shake 3s infinite}",
  glow: "@keyframes hop-glow{50%{box-shadow:0 0 18px var(--a)}}.an-glow{animation:hop-glow 2.4s ease-in-out infinite}",
  bounce: "@keyframes hop-bounce{0%,80%,100%{transform:none}90%{transform:translateY(-4px)}}.an-bounce{animation:hop-bounce 2.5s infinite}",
};

const LAYOUTS: Record<Design["layout"], string> = {
  stack: "main{max-width:560px}",
  card: "main{max-width:480px;background:var(--s);border-radius:calc(var(--r) + 8px);padding:28px 20px;box-shadow:0 12px 40px rgba(0,0,0,.12)}",
  grid: "main{max-width:720px}.links{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px}.links>:not(.btn),.links .featured,.links .wide{grid-column:1/-1}.links .btn{min-height:72px;display:flex;flex-direction:column;align-items:center;justify-content:center}",
  terminal: "main{max-width:640px;text-align:left}.socials{justify-content:flex-start}h1:before{content:'$ whoami\\A';white-space:pre;color:var(--m);font-size:.8em}.links .btn:before{content:'> '}",
  sleeve: ".avatar{width:min(70vw,260px);height:min(70vw,260px);border-radius:calc(var(--r) / 4);font-size:5rem}main{max-width:520px}",
  split: "@media(min-width:900px){main{max-width:920px;display:grid;grid-template-columns:300px 1fr;gap:0 40px;align-content:start;text-align:left}.profile{position:sticky;top:32px;align-self:start}.socials{justify-content:flex-start}main>footer{grid-column:2}}",
  print: "main{max-width:600px;border:3px solid var(--t);background:var(--s);padding:28px 20px}h1{font-size:clamp(1.8rem,8vw,2.4rem);line-height:1.1}",
};

export const PRESETS: Record<string, string> = {
  sunset: "linear-gradient(135deg,#ff7e5f,#feb47b)",
  ocean: "linear-gradient(135deg,#2193b0,#6dd5ed)",
  forest: "linear-gradient(135deg,#134e5e,#71b280)",
  midnight: "linear-gradient(135deg,#0f2027,#203a43,#2c5364)",
  peach: "linear-gradient(135deg,#ffecd2,#fcb69f)",
  lavender: "linear-gradient(135deg,#e0c3fc,#8ec5fc)",
  mint: "linear-gradient(135deg,#d4fc79,#96e6a1)",
  candy: "linear-gradient(135deg,#fbc2eb,#a6c1ee)",
  mono: "#111",
  paper: "#faf7f0",
};

function gradient(spec: unknown): string | null {
  const g = obj(spec);
  const stops = (Array.isArray(g.colors) ? g.colors : [g.from, g.via, g.to]).map(colour).filter((c): c is string => c !== null);
  if (stops.length < 2) return null;
  const angle = typeof g.angle === "number" && Number.isFinite(g.angle) ? Math.round(g.angle) % 360 : 135;
  return `linear-gradient(${angle}deg,${stops.slice(0, 5).join(",")})`;
}

/** theme.background ({ type: solid | gradient | preset }) or the older background.color. */
export function pageBackground(data: Data): string | null {
  const theme = obj(data.theme);
  for (const spec of [obj(theme.background), obj(data.background)]) {
    const type = str(spec.type);
    if (type === "preset" && PRESETS[str(spec.preset)]) return PRESETS[str(spec.preset)];
    if (type === "gradient") {
      const g = gradient(spec.gradient) ?? gradient(spec);
      if (g) return g;
    }
    const solid = colour(spec.solid) ?? colour(spec.color) ?? colour(spec.value);
    if (solid) return solid;
  }
  return null;
}

export const NAME_STYLES: Record<string, string> = {
  serif: `h1{font-family:${SERIF}}`,
  mono: `h1{font-family:${MONO}}`,
  sans: `h1{font-family:${SANS}}`,
  bold: "h1{font-weight:900}",
  light: "h1{font-weight:300}",
  uppercase: "h1{text-transform:uppercase;letter-spacing:.05em}",
};

function typography(data: Data): string {
  const t = obj(obj(data.theme).typography);
  const rules = [NAME_STYLES[str(t.nameStyle)] ?? ""];
  const name = colour(t.nameColor);
  const handle = colour(t.handleColor);
  const bio = colour(t.bioColor);
  if (name) rules.push(`h1{color:${name}}`);
  if (handle) rules.push(`.handle{color:${handle}}`);
  if (bio) rules.push(`.bio{color:${bio}}`);
  return rules.join("");
}

export interface StyleUse {
  buttonStyles: Set<ButtonStyle>;
  animations: Set<string>;
  contact: boolean;
  /** Click-to-load media cards (lib/bio/embeds.ts). */
  embeds: boolean;
  gate: boolean;
  spotlight: boolean;
  /** Per-button colour rules (`a#hop-btn-<n>{…}`), from checked colours only. */
  buttonColours: string[];
}

/**
 * theme.page: the owner's card, text and button colours over the design's own (checked colours
 * only). A pair of them under WCAG AA (text on what it sits on, button text on the buttons) is
 * drawn with the nearest colour that passes, unless the owner keeps it (`keepLowContrast`; the
 * analytics page then says so). With the owner's own text colour, the secondary text (handle,
 * bio, footer) is drawn from it: the design's muted grey was chosen for the design's background.
 */
export function pageColours(design: Design, data: Data) {
  const page = obj(obj(data.theme).page);
  const palette = pagePalette(design, data);
  const problems = page.keepLowContrast === true ? [] : contrastProblems(effectiveDesign(design, data), palette);
  for (const problem of problems) palette[problem.pair === "text" ? "text" : "accentText"] = problem.suggestion;
  const ownText = colour(page.textColor) !== null || problems.some((p) => p.pair === "text");
  return { ...palette, muted: ownText ? `color-mix(in srgb,${palette.text} 80%,${palette.surface})` : design.muted };
}

/** The page's colours as the owner chose them over the design's (before any correction). */
export function pagePalette(design: Design, data: Data): PagePalette {
  const page = obj(obj(data.theme).page);
  return {
    background: pageBackground(data) ?? design.bg,
    surface: colour(page.cardColor) ?? design.surface,
    text: colour(page.textColor) ?? design.text,
    accent: colour(page.buttonColor) ?? design.accent,
    accentText: colour(page.buttonTextColor) ?? design.accentText,
  };
}

/** The pairs under AA that the owner chose to keep (`keepLowContrast`): what the analytics page warns of. */
export function keptContrastProblems(design: Design, data: Data): ContrastProblem[] {
  return obj(obj(data.theme).page).keepLowContrast === true ? contrastProblems(effectiveDesign(design, data), pagePalette(design, data)) : [];
}

export function pageCss(design: Design, data: Data, use: StyleUse): string {
  const c = pageColours(design, data);
  return [
    `:root{--bg:${c.background};--s:${c.surface};--t:${c.text};--m:${c.muted};--a:${c.accent};--at:${c.accentText};--r:${Math.min(design.radius, 28)}px}`,
    `*{box-sizing:border-box}body{margin:0;min-height:100vh;background:var(--bg);background-attachment:fixed;color:var(--t);font-family:${design.font};display:flex;justify-content:center;padding:32px 16px;overflow-x:hidden}`,
    "main{width:100%;text-align:center}.avatar{width:96px;height:96px;border-radius:50%;object-fit:cover;display:inline-grid;place-items:center;font-size:2.5rem;background:var(--a);color:var(--at)}",
    `h1{font-size:1.6rem;margin:14px 0 4px;overflow-wrap:anywhere${design.upper ? ";text-transform:uppercase;letter-spacing:.04em" : ""}}.handle{color:var(--m);margin:0 0 6px;font-size:.95rem}.bio{color:var(--m);margin:6px 0 18px;line-height:1.5;overflow-wrap:anywhere}`,
    ".badge{display:inline-block;width:.8em;height:.8em;margin-left:6px;vertical-align:.05em;color:var(--a)}",
    ".socials{display:flex;flex-wrap:wrap;gap:10px;justify-content:center;margin:0 0 20px}.socials a{display:inline-flex;align-items:center;gap:6px;color:var(--t);font-size:.8rem;padding:8px;border-radius:999px;text-decoration:none;border:1px solid color-mix(in srgb,var(--t) 25%,transparent)}.socials .ico{display:block}",
    `.links{display:flex;flex-direction:column;gap:12px}.btn{display:block;padding:15px 18px;border-radius:var(--r);text-decoration:none;font-weight:600;overflow-wrap:anywhere;transition:transform .15s;${BUTTON_STYLES[design.button]}}.btn:hover{transform:translateY(-1px)}.btn:focus-visible{outline:3px solid var(--a);outline-offset:2px}`,
    ".btn small{display:block;font-weight:400}.btn .ico{display:inline-block;vertical-align:-4px;margin-right:8px}.featured{padding:24px 18px;font-size:1.1rem}.header{font-size:1rem;font-weight:700;margin:10px 0 0}.text{color:var(--m);line-height:1.5;margin:0}.divider{border:0;border-top:1px solid var(--m);width:100%;opacity:.4;margin:4px 0}",
    "footer{margin-top:28px;font-size:.75rem;color:var(--m)}footer a{color:inherit}",
    // Inside a form's box the text colour, not the muted one: the designs' muted colour is held to AA
    // against the page, and the box is a shade off it (simple-stack's grey falls just short there).
    use.contact
      ? ".contact{display:grid;gap:10px;text-align:left;padding:16px;border-radius:var(--r);background:color-mix(in srgb,var(--s) 85%,transparent);border:1px solid color-mix(in srgb,var(--t) 15%,transparent)}.contact h2{margin:0;font-size:1rem}.contact label{display:grid;gap:4px;font-size:.85rem;color:var(--t)}.contact .text{color:var(--t)}.contact input,.contact textarea{font:inherit;color:#111;background:#fff;padding:10px 12px;border:1px solid #bbb;border-radius:8px;width:100%}.contact button{font:inherit;cursor:pointer;text-align:center}.contact .hp{position:absolute;left:-9999px}.contact .consent{margin:0;font-size:.8rem;line-height:1.4;color:var(--t)}.note{margin:0;padding:10px 12px;border-radius:8px;background:color-mix(in srgb,var(--a) 15%,transparent)}"
      : "",
    use.embeds
      ? ".btn.embed-card{position:relative;padding-left:56px;text-align:left}.embed-card .play{position:absolute;left:14px;top:50%;width:30px;height:30px;margin-top:-15px;border-radius:50%;border:2px solid currentColor}.embed-card .play:after{content:\"\";position:absolute;left:10px;top:7px;border:6px solid transparent;border-left:9px solid currentColor;border-right:0}.embed-card .ico{display:none}iframe.embed{display:block;width:100%;border:0;border-radius:var(--r);background:#000}iframe.embed-video{aspect-ratio:16/9;height:auto}iframe.embed-audio{height:152px;background:transparent}iframe.embed-audio-tall{height:352px;background:transparent}"
      : "",
    use.gate ? ".gate{position:fixed;inset:0;background:rgba(0,0,0,.94);color:#fff;display:grid;place-items:center;padding:24px;text-align:center;z-index:9}.gate .btn{background:#fff;color:#000;display:inline-block;margin-top:16px;border-radius:999px}" : "",
    use.spotlight ? ".spotlight{margin:0 0 18px;padding:12px 16px;border-radius:var(--r);background:var(--a);color:var(--at);font-weight:700}" : "",
    [...use.buttonStyles].filter((s) => s !== design.button).map((s) => `.links .bs-${s}{${BUTTON_STYLES[s]}}`).join(""),
    use.animations.size ? `@media(prefers-reduced-motion:no-preference){${[...use.animations].map((a) => ANIMATIONS[a]).join("")}}` : "",
    LAYOUTS[design.layout],
    design.extra ?? "",
    buttonOverrides(data),
    typography(data),
    use.buttonColours.join(""),
  ].join("");
}
