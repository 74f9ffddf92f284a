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
