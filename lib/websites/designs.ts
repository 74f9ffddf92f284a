// Design (template) ids of API.md: the create list, the older ids that keep working, and the
// subset offered for drafts.
export const CREATE_TEMPLATES = [
  "y2k-card", "cover-stack", "simple-stack-v2", "modern-card-v2", "minimal-card-v2", "spotlight-card-v2",
  "professional-link-bio-v2", "bento-grid", "neo-brutalist", "music-release", "music-sleeve", "music-onyx",
  "noir-publisher", "root-terminal", "bonbon-card", "portrait-card", "scene-card", "shelf-card", "canvas-story",
  "duotone-press", "snap-print", "daydream-fade", "folio-card",
] as const;

export const LEGACY_TEMPLATES = ["modern-card", "simple-stack", "personal-card", "professional-link-bio", "spotlight-card", "minimal-card"] as const;

export const DRAFT_TEMPLATES = [
  "y2k-card", "cover-stack", "simple-stack-v2", "modern-card-v2", "minimal-card-v2", "spotlight-card-v2",
  "professional-link-bio-v2", "bento-grid", "neo-brutalist", "music-release", "music-sleeve", "music-onyx",
  "root-terminal", "bonbon-card", "portrait-card", "scene-card", "noir-publisher",
] as const;

const PUBLISHABLE: ReadonlySet<string> = new Set([...CREATE_TEMPLATES, ...LEGACY_TEMPLATES]);

export function isPublishableTemplate(id: string): boolean {
  return PUBLISHABLE.has(id);
}

const DRAFTABLE: ReadonlySet<string> = new Set(DRAFT_TEMPLATES);

export function isDraftTemplate(id: string): boolean {
  return DRAFTABLE.has(id);
}

/** What customers call each design (the gallery, the editor, the Websites list); ids stay the API's. */
const DESIGN_NAMES: Record<string, string> = {
  "y2k-card": "Y2K Card", "cover-stack": "Cover Stack", "simple-stack-v2": "Simple Stack", "modern-card-v2": "Modern Card",
  "minimal-card-v2": "Minimal Card", "spotlight-card-v2": "Spotlight", "professional-link-bio-v2": "Professional",
  "bento-grid": "Bento Grid", "neo-brutalist": "Neo-Brutalist", "music-release": "Music Release", "music-sleeve": "Record Sleeve",
  "music-onyx": "Onyx", "noir-publisher": "Noir", "root-terminal": "Terminal", "bonbon-card": "Bonbon", "portrait-card": "Portrait",
  "scene-card": "Scene", "shelf-card": "Shelf", "canvas-story": "Canvas Story", "duotone-press": "Duotone", "snap-print": "Snapshot",
  "daydream-fade": "Daydream", "folio-card": "Folio", "modern-card": "Modern Card (classic)", "simple-stack": "Simple Stack (classic)",
  "personal-card": "Personal Card", "professional-link-bio": "Professional (classic)", "spotlight-card": "Spotlight (classic)",
  "minimal-card": "Minimal Card (classic)",
};

/** The design's name; an id without one (none today) is shown as words. */
export function designName(id: string | null | undefined): string {
  if (!id) return "Simple Stack";
  return DESIGN_NAMES[id] ?? id.replace(/-v2$/, "").split("-").map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w)).join(" ");
}
