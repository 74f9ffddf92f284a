// Each design is data: a layout and a token set (colours, type, shapes). One renderer draws them
// all, so 29 designs differ in look without 29 copies of markup.

export type Layout = "stack" | "card" | "grid" | "terminal" | "sleeve" | "split" | "print";
export const BUTTON_STYLE_NAMES = ["fill", "outline", "pill", "block", "underline", "shadow"] as const;
export type ButtonStyle = (typeof BUTTON_STYLE_NAMES)[number];

export interface Design {
  layout: Layout;
  bg: string;
  surface: string;
  text: string;
  muted: string;
  accent: string;
  accentText: string;
  font: string;
  radius: number;
  button: ButtonStyle;
  upper?: boolean;
  /** A few rules of the design's own character (avatar shape, name type, tile colours …). */
  extra?: string;
}

const SANS = 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif';
const SERIF = 'Georgia,"Times New Roman",serif';
const MONO = 'ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace';
const ROUND = '"Trebuchet MS","Segoe UI",system-ui,sans-serif';

export const DESIGNS: Record<string, Design> = {
  "y2k-card": { layout: "card", bg: "linear-gradient(135deg,#ff9de2,#8ec5ff)", surface: "#ffffffd9", text: "#2b1055", muted: "#6b4c9a", accent: "#db2777", accentText: "#fff", font: ROUND, radius: 22, button: "pill" , extra: "h1{text-shadow:2px 2px 0 #8ec5ff,4px 4px 0 #ff9de2}.avatar{box-shadow:0 0 0 4px #fff,0 0 0 8px var(--a)}" },
  "cover-stack": { layout: "sleeve", bg: "#111", surface: "#1c1c1c", text: "#f5f5f5", muted: "#a3a3a3", accent: "#f5f5f5", accentText: "#111", font: SANS, radius: 10, button: "fill" , extra: ".avatar{width:100%;height:auto;aspect-ratio:16/9;border-radius:var(--r);font-size:4rem}" },
  "simple-stack-v2": { layout: "stack", bg: "#f7f7f8", surface: "#fff", text: "#18181b", muted: "#52525b", accent: "#18181b", accentText: "#fff", font: SANS, radius: 12, button: "fill" },
  "modern-card-v2": { layout: "card", bg: "#eef2ff", surface: "#fff", text: "#1e1b4b", muted: "#4f46e5", accent: "#4f46e5", accentText: "#fff", font: SANS, radius: 16, button: "shadow" },
  "minimal-card-v2": { layout: "card", bg: "#fafafa", surface: "#fff", text: "#111", muted: "#737373", accent: "#111", accentText: "#fff", font: SANS, radius: 4, button: "outline" },
  "spotlight-card-v2": { layout: "card", bg: "radial-gradient(circle at 50% 0,#fde68a,#f59e0b 60%,#b45309)", surface: "#fffbeb", text: "#451a03", muted: "#92400e", accent: "#b45309", accentText: "#fff", font: SANS, radius: 18, button: "pill" , extra: ".avatar{box-shadow:0 0 0 4px #fde68a,0 0 40px #f59e0b}" },
  "professional-link-bio-v2": { layout: "split", bg: "#f1f5f9", surface: "#fff", text: "#0f172a", muted: "#475569", accent: "#0f766e", accentText: "#fff", font: SANS, radius: 8, button: "fill" },
  "bento-grid": { layout: "grid", bg: "#f4f4f5", surface: "#fff", text: "#18181b", muted: "#52525b", accent: "#2563eb", accentText: "#fff", font: SANS, radius: 20, button: "block" , extra: ".links .btn:nth-child(4n+2){background:var(--a);color:var(--at)}.links .btn:nth-child(4n+3){background:#fde68a;color:#18181b}.links .btn{border:0;box-shadow:0 1px 3px rgba(0,0,0,.08)}" },
  "neo-brutalist": { layout: "stack", bg: "#fef08a", surface: "#fff", text: "#000", muted: "#262626", accent: "#ff5c5c", accentText: "#000", font: MONO, radius: 0, button: "shadow", upper: true , extra: ".avatar{border:3px solid #000;border-radius:0;transform:rotate(-4deg);box-shadow:5px 5px 0 #000}h1{font-size:2rem}" },
  "music-release": { layout: "sleeve", bg: "linear-gradient(180deg,#1e1b4b,#0f172a)", surface: "#ffffff14", text: "#e0e7ff", muted: "#a5b4fc", accent: "#818cf8", accentText: "#0f172a", font: SANS, radius: 14, button: "pill" , extra: ".avatar{box-shadow:0 24px 60px rgba(129,140,248,.45)}" },
  "music-sleeve": { layout: "sleeve", bg: "#f5efe6", surface: "#fffaf3", text: "#3b2f2f", muted: "#7c6a5c", accent: "#c2410c", accentText: "#fff", font: SERIF, radius: 2, button: "outline" , extra: ".avatar{box-shadow:8px 8px 0 var(--a)}h1{font-style:italic;font-size:2rem}" },
  "music-onyx": { layout: "sleeve", bg: "#000", surface: "#0a0a0a", text: "#fafafa", muted: "#8a8a8a", accent: "#22c55e", accentText: "#000", font: SANS, radius: 999, button: "pill", upper: true , extra: ".avatar{border-radius:50%;width:min(48vw,200px);height:min(48vw,200px);font-size:4rem;margin:22px 0 8px;box-shadow:0 0 0 10px #111,0 0 0 11px #333,0 0 0 22px #111}" },
  "noir-publisher": { layout: "stack", bg: "#0c0a09", surface: "#1c1917", text: "#fafaf9", muted: "#a8a29e", accent: "#fafaf9", accentText: "#0c0a09", font: SERIF, radius: 0, button: "underline" , extra: "h1{font-size:2.4rem;font-style:italic;font-weight:400}.bio{font-style:italic}" },
  "root-terminal": { layout: "terminal", bg: "#0b0f0c", surface: "#0b0f0c", text: "#39ff14", muted: "#1fa80c", accent: "#39ff14", accentText: "#0b0f0c", font: MONO, radius: 0, button: "outline" , extra: ".avatar{border-radius:0}" },
  "bonbon-card": { layout: "card", bg: "#ffe4ef", surface: "#fff", text: "#831843", muted: "#be185d", accent: "#be185d", accentText: "#fff", font: ROUND, radius: 28, button: "pill" , extra: ".links .btn:nth-child(odd){background:#fbcfe8;color:#831843}" },
  "portrait-card": { layout: "split", bg: "#e7e5e4", surface: "#fafaf9", text: "#292524", muted: "#57534e", accent: "#57534e", accentText: "#fff", font: SERIF, radius: 6, button: "outline" , extra: ".avatar{width:180px;height:240px;border-radius:var(--r);font-size:4rem}" },
  "scene-card": { layout: "card", bg: "linear-gradient(160deg,#0ea5e9,#6366f1 55%,#a855f7)", surface: "#ffffffe6", text: "#1e1b4b", muted: "#4338ca", accent: "#4f46e5", accentText: "#fff", font: SANS, radius: 20, button: "fill" },
  "shelf-card": { layout: "grid", bg: "#fdf6e3", surface: "#fffdf7", text: "#3f3a2e", muted: "#6b6048", accent: "#8c6a00", accentText: "#fff", font: SERIF, radius: 10, button: "block" , extra: ".links .btn{border-left:6px solid var(--a)}" },
  "canvas-story": { layout: "print", bg: "#fffdf8", surface: "#fff", text: "#1f2937", muted: "#6b7280", accent: "#dc2626", accentText: "#fff", font: SERIF, radius: 0, button: "underline" , extra: "h1{border-bottom:4px solid var(--a);display:inline-block;padding-bottom:4px}" },
  "duotone-press": { layout: "print", bg: "#1d4ed8", surface: "#facc15", text: "#1e40af", muted: "#1e3a8a", accent: "#1e40af", accentText: "#facc15", font: SANS, radius: 0, button: "block", upper: true , extra: "h1{font-size:clamp(1.9rem,9vw,2.6rem);line-height:1.05;hyphens:auto}.avatar{border-radius:0;background:var(--bg);color:var(--s)}" },
  "snap-print": { layout: "print", bg: "#f5f5f4", surface: "#fff", text: "#0c0a09", muted: "#57534e", accent: "#0c0a09", accentText: "#fff", font: MONO, radius: 0, button: "shadow" , extra: ".avatar{border-radius:0;border:8px solid #fff;box-shadow:0 6px 18px rgba(0,0,0,.18);transform:rotate(2deg);width:120px;height:120px}" },
  "daydream-fade": { layout: "stack", bg: "linear-gradient(180deg,#fdf2f8,#e0f2fe)", surface: "#ffffffb3", text: "#334155", muted: "#475569", accent: "#64748b", accentText: "#fff", font: ROUND, radius: 24, button: "pill" , extra: ".links .btn{backdrop-filter:blur(8px);background:color-mix(in srgb,var(--s) 75%,transparent);color:var(--t);border:1px solid var(--s)}" },
  "folio-card": { layout: "split", bg: "#ffffff", surface: "#f8fafc", text: "#020617", muted: "#64748b", accent: "#020617", accentText: "#fff", font: SERIF, radius: 12, button: "outline" , extra: "h1{font-size:2rem;font-weight:400;letter-spacing:-.01em}" },
  "modern-card": { layout: "card", bg: "#e0e7ff", surface: "#fff", text: "#312e81", muted: "#4f46e5", accent: "#4f46e5", accentText: "#fff", font: SANS, radius: 14, button: "fill" },
  "simple-stack": { layout: "stack", bg: "#fff", surface: "#f4f4f5", text: "#27272a", muted: "#71717a", accent: "#27272a", accentText: "#fff", font: SANS, radius: 8, button: "fill" },
  "personal-card": { layout: "card", bg: "#ecfccb", surface: "#fff", text: "#365314", muted: "#4d7c0f", accent: "#4d7c0f", accentText: "#fff", font: ROUND, radius: 18, button: "pill" },
  "professional-link-bio": { layout: "split", bg: "#f8fafc", surface: "#fff", text: "#0f172a", muted: "#334155", accent: "#1d4ed8", accentText: "#fff", font: SANS, radius: 6, button: "fill" },
  "spotlight-card": { layout: "card", bg: "#fff7ed", surface: "#fff", text: "#7c2d12", muted: "#c2410c", accent: "#c2410c", accentText: "#fff", font: SANS, radius: 16, button: "shadow" },
  "minimal-card": { layout: "card", bg: "#f5f5f5", surface: "#fff", text: "#171717", muted: "#737373", accent: "#171717", accentText: "#fff", font: SANS, radius: 2, button: "underline" },
};

export function designOf(templateId: string | null | undefined): Design {
  return DESIGNS[templateId ?? ""] ?? DESIGNS["simple-stack-v2"];
}
