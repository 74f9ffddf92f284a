import { z } from "zod";
import { jsonDepth } from "../../validation/json-depth";
import { badRequest } from "../draft-input";
import { hasClass, scanHtml, squash } from "./html-scan";
import { addHeader, addLink, addSocial, addText, assertSomething, clip, newPage, setAvatar, type ImportedPage } from "./imported-page";

// LinkStack (self-hosted, Laravel): two things a person can bring.
// - The export (Studio → Profile → Export all data, `user_data-<host>-<date>.json`): the user row
//   (`name`, `littlelink_name`, `littlelink_description`), `links` (each with `button_id`, `title`,
//   `link`, `order`, `up_link`), and the avatar itself as base64 (`image_data`, plain or a data:
//   URL), which becomes an uploaded picture of the draft (at most AVATAR_IMPORT_MAX_BYTES; the
//   upload's own checks decide if it is a picture). "Export links" is the same without the user. Social icons are links with button 94 whose title names the platform.
// - The public page's HTML: the name is the page's <h1>, the bio the `.description-parent`
//   paragraph, the avatar `img#avatar`, buttons are `<a class="button button-<name>">`, social
//   icons `<a class="social-link">` with a `fa-<platform>` icon, headings <h2>, text blocks
//   `<div class="fadein"><span>`, spacers `.button-spacer`.

const BUTTON = { email: 6, emailAlt: 7, heading: 42, space: 43, phone: 44, space2: 47, text: 93, icon: 94, vcard: 96 } as const;
const MAX_DEPTH = 64;
/** The largest embedded avatar carried over (decoded bytes); a larger one is listed as skipped. */
export const AVATAR_IMPORT_MAX_BYTES = 1024 * 1024;
const text = z.union([z.string(), z.number()]).nullish().catch(null).transform((v) => (v === null || v === undefined ? null : String(v)));

const ExportLink = z.looseObject({
  button_id: z.union([z.number(), z.string()]).nullish().catch(null).transform((v) => (v === null || v === undefined || v === "" ? null : Number(v))),
  type: z.string().nullish().catch(null),
  title: text,
  link: text,
  order: z.union([z.number(), z.string()]).nullish().catch(null).transform((v) => Number(v ?? 0) || 0),
  up_link: z.string().nullish().catch(null),
});

const Export = z.looseObject({
  name: text,
  littlelink_name: text,
  littlelink_description: text,
  image_data: z.unknown().optional(),
  links: z.array(z.unknown()),
});

/** Plain text of a LinkStack description or text block (it may hold a little HTML: p, strong, a, lists). */
function plainText(html: string | null): string {
  let out = "";
  for (const token of scanHtml(html ?? "")) {
    if (token.kind === "text") out += token.text;
    else if ((token.kind === "open" || token.kind === "close") && /^(p|br|li|h[1-6]|blockquote)$/.test(token.name)) out += " ";
  }
  return squash(out);
}

/** The export's own picture (base64, or a data: URL of base64), kept for the upload when it is small enough. */
function embeddedAvatar(page: ImportedPage, value: unknown): void {
  const skip = (reason: string) => page.skipped.push({ kind: "avatar", title: "Profile picture", reason });
  const base64 = typeof value === "string" ? value.replace(/^data:image\/[a-z0-9.+-]+;base64,/i, "").replace(/\s+/g, "") : "";
  if (!base64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return void skip("The export's picture could not be read; upload it in the editor.");
  // Judged by its length before it is decoded: base64 is 4 characters for 3 bytes.
  if (Math.floor((base64.length * 3) / 4) > AVATAR_IMPORT_MAX_BYTES) return void skip(`The export's picture is larger than ${AVATAR_IMPORT_MAX_BYTES / 1024 / 1024} MB; upload a smaller one in the editor.`);
  page.avatarUpload = Buffer.from(base64, "base64");
}

/** A LinkStack export file (all data, or links only), already parsed from JSON. */
export function readLinkStackExport(value: unknown): ImportedPage {
  const parsed = Export.safeParse(value);
  if (!parsed.success) throw badRequest("body", "This JSON is not a LinkStack export: it has no `links` list. Export it from LinkStack's Studio (Profile → Export all data).");
  const data = parsed.data;
  const page = newPage("linkstack");
  page.profile = { name: clip(data.name, 200), handle: clip(data.littlelink_name, 100), bio: clip(plainText(data.littlelink_description), 1000) };
  if (data.image_data !== undefined && data.image_data !== null && data.image_data !== "") embeddedAvatar(page, data.image_data);
  const links = data.links.map((entry, index) => ({ link: ExportLink.safeParse(entry), index }));
  // The public page's order: pinned (`up_link` yes) first, then `order`.
  const key = (l: (typeof links)[number]) => (l.link.data?.up_link === "yes" ? -1e12 : 0) + (l.link.data?.order ?? 0);
  links.sort((a, b) => key(a) - key(b) || a.index - b.index);
  for (const { link } of links) {
    if (!link.success) {
      page.skipped.push({ kind: "unknown", title: "(unreadable)", reason: "A block whose data could not be read." });
      continue;
    }
    const { button_id: button, type, title, link: url } = link.data;
    if (button === BUTTON.icon) addSocial(page, title, url);
    else if (button === BUTTON.heading || type === "heading") addHeader(page, title);
    else if (button === BUTTON.text || type === "text") addText(page, plainText(title));
    else if (button === BUTTON.space || button === BUTTON.space2 || type === "spacer") page.skipped.push({ kind: "spacer", title: "Spacer", reason: "Blank space: a Hop design spaces its blocks itself." });
    else if (button === BUTTON.vcard || type === "vcard") page.skipped.push({ kind: "vcard", title: clip(title, 300) ?? "Contact card", reason: "A contact card kept on the LinkStack server; add your details as links or a contact block." });
    else addLink(page, title, url, button === 1 || button === 2 ? "custom" : "link");
  }
  assertSomething(page, "the LinkStack export");
  return page;
}

export function parseLinkStackJson(json: string): ImportedPage {
  if (jsonDepth(json, MAX_DEPTH) > MAX_DEPTH) throw badRequest("body", "The JSON is nested too deeply to be a LinkStack export.");
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw badRequest("body", "The file is not valid JSON: upload LinkStack's export file unchanged.");
  }
  return readLinkStackExport(value);
}

/** A LinkStack public page as saved HTML. */
export function readLinkStackHtml(html: string): ImportedPage {
  const page = newPage("linkstack");
  type Open = { name: string; text: string; attrs: Map<string, string> };
  let current: Open | null = null;
  let svgDepth = 0;
  let previous: { name: string; attrs: Map<string, string> } | null = null;
  let found = false;
  for (const token of scanHtml(html)) {
    if (token.kind === "open" && token.name === "svg" && !token.selfClosing) svgDepth++;
    if (token.kind === "close" && token.name === "svg" && svgDepth > 0) svgDepth--;
    if (token.kind === "text") {
      if (current && svgDepth === 0) current.text += token.text;
      continue;
    }
    if (token.kind === "raw") continue;
    if (token.kind === "open") {
      const { name, attrs } = token;
      if (name === "img" && attrs.get("id") === "avatar" && !/\/assets\/linkstack\/images\//.test(attrs.get("src") ?? "")) setAvatar(page, attrs.get("src"));
      else if (name === "meta" && attrs.get("property") === "og:url") page.profile.handle = clip(/\/@([^/?#]+)$/.exec(attrs.get("content") ?? "")?.[1], 100);
      else if (name === "div" && hasClass(attrs, "button-spacer")) page.skipped.push({ kind: "spacer", title: "Spacer", reason: "Blank space: a Hop design spaces its blocks itself." });
      else if (!current && (name === "h1" || name === "h2" || (name === "a" && (hasClass(attrs, "button") || hasClass(attrs, "social-link"))))) current = { name, text: "", attrs };
      else if (!current && name === "p" && previous?.name === "div" && hasClass(previous.attrs, "description-parent")) current = { name, text: "", attrs };
      else if (!current && name === "span" && previous?.name === "div" && hasClass(previous.attrs, "fadein") && !hasClass(previous.attrs, "description-parent")) current = { name, text: "", attrs };
      else if (current?.name === "a" && name === "i" && hasClass(current.attrs, "social-link")) current.attrs.set("data-platform", /\bfa-(?!brands\b)([a-z0-9-]+)/.exec(attrs.get("class") ?? "")?.[1] ?? "");
      else if (current?.name === "a" && name === "img" && attrs.get("alt") === "vcard") current.attrs.set("data-vcard", "1");
      previous = { name, attrs };
      continue;
    }
    previous = null;
    if (!current || token.name !== current.name) continue;
    const { name, attrs } = current;
    const content = squash(current.text);
    current = null;
    found = true;
    if (name === "h1") page.profile.name = clip(content, 200);
    else if (name === "p") page.profile.bio = clip(content, 1000);
    else if (name === "h2") addHeader(page, content);
    else if (name === "span") addText(page, content);
    else if (hasClass(attrs, "social-link")) addSocial(page, attrs.get("data-platform") || attrs.get("title"), attrs.get("href"));
    else if (attrs.get("data-vcard") || /\/vcard\/\d+$/.test(attrs.get("href") ?? "")) page.skipped.push({ kind: "vcard", title: clip(content, 300) ?? "Contact card", reason: "A contact card kept on the LinkStack server; add your details as links or a contact block." });
    else addLink(page, content, attrs.get("href"), hasClass(attrs, "button-custom") || hasClass(attrs, "button-custom_website") ? "custom" : "link");
  }
  if (!found) throw badRequest("body", "No LinkStack page was found in this HTML: save your public LinkStack page (yoursite/@name) from the browser, or upload LinkStack's export JSON.");
  assertSomething(page, "the LinkStack page");
  return page;
}
