// The fonts a page may choose (theme.font), as data the editor can show: each is one variable
// font file (every weight), latin subset, from a fontsource package, served from our own origin
// (lib/bio/fonts.ts). The design's own font stack stays behind it as the fallback.

/** Where a page's font file is served (app/%5F_hop/font), GET and HEAD only. */
export const FONT_PATH_PREFIX = "/__hop/font/";

export interface FontChoice {
  label: string;
  family: string;
  /** The fontsource package and its latin variable file. */
  pkg: string;
  file: string;
  /** What the text falls back to while the file loads (or if it can't). */
  fallback: string;
}

const SANS = 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif';
const SERIF = 'Georgia,"Times New Roman",serif';
const MONO = 'ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace';

export const FONTS = {
  inter: { label: "Inter (clean sans)", family: "Inter Variable", pkg: "@fontsource-variable/inter", file: "inter-latin-wght-normal.woff2", fallback: SANS },
  "dm-sans": { label: "DM Sans (friendly sans)", family: "DM Sans Variable", pkg: "@fontsource-variable/dm-sans", file: "dm-sans-latin-wght-normal.woff2", fallback: SANS },
  "space-grotesk": { label: "Space Grotesk (techy)", family: "Space Grotesk Variable", pkg: "@fontsource-variable/space-grotesk", file: "space-grotesk-latin-wght-normal.woff2", fallback: SANS },
  lora: { label: "Lora (book serif)", family: "Lora Variable", pkg: "@fontsource-variable/lora", file: "lora-latin-wght-normal.woff2", fallback: SERIF },
  "playfair-display": { label: "Playfair Display (elegant serif)", family: "Playfair Display Variable", pkg: "@fontsource-variable/playfair-display", file: "playfair-display-latin-wght-normal.woff2", fallback: SERIF },
  "jetbrains-mono": { label: "JetBrains Mono (monospace)", family: "JetBrains Mono Variable", pkg: "@fontsource-variable/jetbrains-mono", file: "jetbrains-mono-latin-wght-normal.woff2", fallback: MONO },
} satisfies Record<string, FontChoice>;

export type FontId = keyof typeof FONTS;
export const FONT_IDS = Object.keys(FONTS) as FontId[];

export const isFontId = (value: unknown): value is FontId => typeof value === "string" && Object.hasOwn(FONTS, value);

/** The page-wide button shapes the owner may choose over the design's (theme.buttons.style). */
export const PAGE_BUTTON_STYLES = ["fill", "outline", "soft-shadow", "hard-shadow"] as const;
export type PageButtonStyle = (typeof PAGE_BUTTON_STYLES)[number];
export const MAX_BUTTON_RADIUS = 28;
