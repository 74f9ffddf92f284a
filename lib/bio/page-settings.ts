import { list, obj, str, type Data } from "./data";
import { shownAt } from "./schedule";

// The page-level switches of the editor data (`settings` and friends) that the visitor path acts
// on before or around rendering.

/** What a contact block may ask visitors for, in the order the form shows them. */
export const CONTACT_FIELDS = ["name", "email", "phone", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Block types that collect visitor contacts (removed on free plans). */
const CONTACT_BLOCK_TYPES: ReadonlySet<string> = new Set(["contact", "contact-form", "contactForm", "contact_collection", "email-capture"]);

export function isContactBlock(block: unknown): boolean {
  return CONTACT_BLOCK_TYPES.has(str(obj(block).type));
}

/** A sign-up block: an e-mail field and the owner's consent text (docs/websites.md, "Sign-up blocks"). */
export function isSignupBlock(block: unknown): boolean {
  return str(obj(block).type) === "signup";
}

/** Blocks with a form that posts to the page's own host (the page's CSP allows `form-action 'self'`). */
export function isFormBlock(block: unknown): boolean {
  return isContactBlock(block) || isSignupBlock(block);
}

/** The id a block is tracked and addressed by: its own `id`, else its position (`link-3`, `contact-2`). */
export function blockId(block: unknown, index: number): string {
  const own = str(obj(block).id).trim();
  if (own) return own.slice(0, 200);
  return `${isContactBlock(block) ? "contact" : isSignupBlock(block) ? "signup" : "link"}-${index + 1}`;
}

/** The contact block with that id, when it is shown at `now` (a scheduled block outside its window takes no posts). */
export function contactBlockById(data: unknown, id: string, now: number): Data | null {
  const blocks = list(obj(data).links);
  for (const [index, block] of blocks.entries()) if (isContactBlock(block) && blockId(block, index) === id && shownAt(block, now)) return obj(block);
  return null;
}

/** The sign-up block with that id, when it is shown at `now`. */
export function signupBlockById(data: unknown, id: string, now: number): Data | null {
  const blocks = list(obj(data).links);
  for (const [index, block] of blocks.entries()) if (isSignupBlock(block) && blockId(block, index) === id && shownAt(block, now)) return obj(block);
  return null;
}

/** The Smart 18+ mode: `settings.adultMode` (also read as `smart18` / `ageGate`). */
export function isAdultGated(data: unknown): boolean {
  const settings = obj(obj(data).settings);
  return settings.adultMode === true || settings.smart18 === true || settings.ageGate === true;
}

/** `settings.botProtection`: `true` or `{ enabled: true }`. Bots then get a preview without the links. */
export function isBotProtected(data: unknown): boolean {
  const value = obj(obj(data).settings).botProtection;
  return value === true || obj(value).enabled === true;
}

/** `settings.geoRules`: validated and normalised at publish time, like a link's geoRules. */
export function pageGeoRules(data: unknown): unknown[] {
  return list(obj(obj(data).settings).geoRules);
}

export function hidesBranding(data: unknown): boolean {
  const d = obj(data);
  return d.hideBranding === true || obj(d.settings).hideBranding === true;
}
