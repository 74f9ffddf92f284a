import { httpsImage } from "../../bio/data";
import { embedOf } from "../../bio/embeds";
import { platformKey } from "../../bio/icons";
import { badRequest } from "../draft-input";
import { MAX_BLOCKS, MAX_SOCIALS, normalizePageUrl } from "../semantic";

// What an import reads out of another tool's page, before it becomes a draft: the profile, the
// blocks in the page's order, the social icons, and every part that has no place in a Hop page
// (`skipped`, answered to the person so nothing goes missing silently). Both readers (linkstack.ts,
// linktree.ts) fill one of these through the same few steps, so the rules are the same for both:
// only http(s), mailto: and tel: addresses are kept, and a script or data address refuses the file.

export type ImportSource = "linkstack" | "linktree";

export interface Skipped {
  kind: string;
  title: string;
  reason: string;
}

export interface ImportedBlock {
  type: "simple" | "header" | "text" | "media";
  title?: string;
  text?: string;
  url?: string;
  platform?: string;
}

export interface ImportedPage {
  source: ImportSource;
  profile: { name?: string; handle?: string; bio?: string };
  avatar?: string;
  /** A picture the file holds itself (a LinkStack export's), uploaded as the avatar when the draft is made. */
  avatarUpload?: Buffer;
  links: ImportedBlock[];
  socials: Array<{ platform: string; url: string }>;
  skipped: Skipped[];
}

/** Cut to the model's own limits (characters, not bytes), never mid surrogate pair. */
export function clip(value: string | null | undefined, max: number): string | undefined {
  const text = (value ?? "").replace(/\s+/g, " ").trim();
  if (!text) return undefined;
  return Array.from(text).slice(0, max).join("").trimEnd();
}

/** Schemes a browser would run or inline: a file carrying one is refused whole, not imported in part. */
function isScriptAddress(value: string): boolean {
  // Browsers drop tabs, newlines and control characters inside a scheme; so does this check.
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
  return /^(javascript|vbscript|data):/.test(compact);
}

export function refuseScriptAddress(value: string, title: string): void {
  if (isScriptAddress(value)) {
    const scheme = value.replace(/[\u0000-\u0020]/g, "").split(":")[0].toLowerCase();
    throw badRequest("body", `The page links "${clip(title, 60) ?? "a button"}" to a ${scheme}: address. Hop refuses a page that carries script or data addresses; nothing was imported.`);
  }
}

export function newPage(source: ImportSource): ImportedPage {
  return { source, profile: {}, links: [], socials: [], skipped: [] };
}

/** The avatar, when it is an https image the page may show; otherwise it is listed as skipped. */
export function setAvatar(page: ImportedPage, url: string | null | undefined): void {
  if (!url) return;
  refuseScriptAddress(url, "profile picture");
  const image = httpsImage(url);
  if (image) page.avatar = image;
  else page.skipped.push({ kind: "avatar", title: "Profile picture", reason: "Not an https image address; upload the picture in the editor." });
}

/** A button: kept when its address is one a Hop page links to, else listed as skipped. */
export function addLink(page: ImportedPage, title: string | null | undefined, url: string | null | undefined, kind = "link"): void {
  const name = clip(title, 300);
  const address = (url ?? "").trim();
  refuseScriptAddress(address, name ?? address);
  if (!address) return void page.skipped.push({ kind, title: name ?? "(untitled)", reason: "It has no address to link to." });
  const kept = normalizePageUrl(address);
  if (!kept) return void page.skipped.push({ kind, title: name ?? address.slice(0, 60), reason: "Its address is not an http(s), mailto: or tel: address." });
  push(page, { type: "simple", title: name ?? kept, url: kept }, name ?? kept);
}

/** A video or music embed: a media block when Hop's player knows the address (YouTube, Vimeo, Spotify, SoundCloud). */
export function addMedia(page: ImportedPage, title: string | null | undefined, url: string | null | undefined, kind: string): void {
  const name = clip(title, 300);
  const address = (url ?? "").trim();
  refuseScriptAddress(address, name ?? address);
  const embed = address ? embedOf(address) : null;
  const kept = address ? normalizePageUrl(address) : null;
  if (!embed || !kept) {
    page.skipped.push({ kind, title: name ?? (address.slice(0, 60) || "(untitled)"), reason: "An embed from a player Hop does not show (Hop plays YouTube, Vimeo, Spotify and SoundCloud)." });
    return;
  }
  push(page, { type: "media", title: name, url: kept, platform: embed.provider }, name ?? kept);
}

export function addHeader(page: ImportedPage, title: string | null | undefined): void {
  const name = clip(title, 300);
  if (name) push(page, { type: "header", title: name }, name);
}

export function addText(page: ImportedPage, text: string | null | undefined): void {
  const body = clip(text, 5000);
  if (body) push(page, { type: "text", text: body }, clip(body, 60)!);
}

function push(page: ImportedPage, block: ImportedBlock, title: string): void {
  if (page.links.length >= MAX_BLOCKS) page.skipped.push({ kind: block.type, title, reason: `A Hop page holds at most ${MAX_BLOCKS} blocks.` });
  else page.links.push(block);
}

/** Names other tools give platforms that Hop knows by another name (lower case, after `_` → `-`). */
const PLATFORM_ALIASES: Record<string, string> = {
  "x-twitter": "x",
  "email-address": "email",
  envelope: "email",
  "phone-number": "phone",
  telephone: "phone",
  "apple-music": "applemusic",
  "youtube-music": "youtube",
};

/** A social icon: Hop's platform when it knows it, else the given name (drawn with the globe icon). */
export function addSocial(page: ImportedPage, platform: string | null | undefined, url: string | null | undefined): void {
  const given = (platform ?? "").trim().toLowerCase().replace(/_/g, "-");
  const name = PLATFORM_ALIASES[given] ?? platformKey(given) ?? clip(given.replace(/-/g, " "), 60) ?? "website";
  let address = (url ?? "").trim();
  refuseScriptAddress(address, `${name} icon`);
  if (name === "email" && /^[^\s:@]+@[^\s:@]+$/.test(address)) address = `mailto:${address}`;
  if (name === "phone" && /^\+?[0-9][0-9\s().-]{2,30}$/.test(address)) address = `tel:${address}`;
  const kept = normalizePageUrl(address);
  if (!kept) return void page.skipped.push({ kind: "social", title: name, reason: address ? "Its address is not an http(s), mailto: or tel: address." : "It has no address." });
  if (page.socials.length >= MAX_SOCIALS) return void page.skipped.push({ kind: "social", title: name, reason: `A Hop page shows at most ${MAX_SOCIALS} social icons.` });
  page.socials.push({ platform: name, url: kept });
}

/** The page as a draft's `semantic` (checked again by CreateDraftBody when the draft is made). */
export function toSemantic(page: ImportedPage) {
  const profile = Object.fromEntries(Object.entries(page.profile).filter(([, v]) => v !== undefined));
  return {
    profile,
    ...(page.avatar ? { avatar: { type: "image" as const, value: page.avatar } } : {}),
    links: page.links,
    socials: page.socials,
  };
}

/** A page with nothing to carry over is refused rather than saved empty. */
export function assertSomething(page: ImportedPage, what: string): void {
  if (!page.profile.name && !page.profile.bio && !page.links.length && !page.socials.length) {
    throw badRequest("body", `No profile, links or social icons were found in ${what}.`);
  }
}
