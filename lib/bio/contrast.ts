import type { Design } from "./designs";

// WCAG 2 contrast of a bio page's colour pairs, shared by the renderer (which corrects a failing
// pair of the owner's colours unless they keep it), the editor (which says so under the field and
// offers the nearest colour that passes) and the analytics page (which warns when they kept it).
// Only #rgb, #rrggbb and #rrggbbaa colours are read; anything else (a design's gradient syntax) is
// reduced to its hex stops, each of which the text must pass against.

export const AA_TEXT = 4.5;

type Rgb = [number, number, number];

function parse(colour: string): { rgb: Rgb; alpha: number } | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(colour.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  const at = (i: number) => parseInt(full.slice(i, i + 2), 16);
  return { rgb: [at(0), at(2), at(4)], alpha: full.length === 8 ? at(6) / 255 : 1 };
}

const over = (top: { rgb: Rgb; alpha: number }, under: Rgb): Rgb => top.rgb.map((c, i) => c * top.alpha + under[i] * (1 - top.alpha)) as Rgb;

function luminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function ratioOf(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/** The hex colours of a CSS background (a colour or a gradient's stops). */
export function stopsOf(background: string): string[] {
  return [...background.matchAll(/#[0-9a-f]{3,8}\b/gi)].map((m) => m[0]);
}

/**
 * The lowest contrast of `foreground` against each of `backgrounds` (each laid over `base` when
 * translucent, as a card over the page); null when a colour can't be read.
 */
export function contrast(foreground: string, backgrounds: string[], base: string[] = ["#ffffff"]): number | null {
  const fg = parse(foreground);
  const bases = base.map(parse).filter((b): b is NonNullable<typeof b> => b !== null).map((b) => over(b, [255, 255, 255]));
  const bgs = backgrounds.map(parse);
  if (!fg || bgs.length === 0 || bgs.some((b) => b === null) || bases.length === 0) return null;
  let lowest = Infinity;
  for (const bg of bgs) for (const under of bases) {
    const solidBg = over(bg!, under);
    lowest = Math.min(lowest, ratioOf(over(fg, solidBg), solidBg));
  }
  return Math.round(lowest * 100) / 100;
}

/**
 * The colour nearest to `foreground` (mixed toward black or white, whichever needs less) that
 * reaches `min` against every background; the same colour when it passes already.
 */
export function nearestPassing(foreground: string, backgrounds: string[], base?: string[], min = AA_TEXT): string {
  const fg = parse(foreground);
  if (!fg) return foreground;
  const passes = (rgb: Rgb) => (contrast(toHex(rgb), backgrounds, base) ?? 0) >= min;
  if (passes(fg.rgb)) return toHex(fg.rgb);
  for (let step = 1; step <= 100; step += 1) {
    const t = step / 100;
    const darker = fg.rgb.map((c) => c * (1 - t)) as Rgb;
    if (passes(darker)) return toHex(darker);
    const lighter = fg.rgb.map((c) => c + (255 - c) * t) as Rgb;
    if (passes(lighter)) return toHex(lighter);
  }
  return toHex(fg.rgb);
}

export interface PagePalette {
  /** The page's background (a colour or a gradient). */
  background: string;
  surface: string;
  text: string;
  accent: string;
  accentText: string;
}

export type PairName = "text" | "buttonText";

export interface ContrastProblem {
  pair: PairName;
  /** What the customer reads the pair as. */
  label: string;
  ratio: number;
  /** The nearest foreground colour that passes. */
  suggestion: string;
}

/** Where the page's own text sits: on the card in card and print layouts, else on the background. */
function textGround(design: Design, palette: PagePalette): { on: string[]; base?: string[] } {
  const background = stopsOf(palette.background);
  return design.layout === "card" || design.layout === "print" ? { on: [palette.surface], base: background } : { on: background };
}

/** The pairs of `palette` under AA (4.5:1), each with the nearest passing foreground. */
export function contrastProblems(design: Design, palette: PagePalette): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  const ground = textGround(design, palette);
  const text = contrast(palette.text, ground.on, ground.base);
  if (text !== null && text < AA_TEXT) {
    problems.push({ pair: "text", label: design.layout === "card" || design.layout === "print" ? "Text on the card" : "Text on the background", ratio: text, suggestion: nearestPassing(palette.text, ground.on, ground.base) });
  }
  if (design.button === "fill" || design.button === "pill") {
    const button = contrast(palette.accentText, [palette.accent]);
    if (button !== null && button < AA_TEXT) problems.push({ pair: "buttonText", label: "Button text on the buttons", ratio: button, suggestion: nearestPassing(palette.accentText, [palette.accent]) });
  }
  return problems;
}
