import { ADULT_BUTTON_ID } from "../events/rollups";
import { escapeHtml, safeHref } from "../html/escape";
import { colour, list, obj, str, type Data } from "./data";
import { BUTTON_STYLE_NAMES, type ButtonStyle } from "./designs";
import { blockEmbed } from "./embeds";
import { platformLabel, socialIcon } from "./icons";
import { blockId, CONTACT_FIELDS, isAdultGated, isContactBlock, isFormBlock, isSignupBlock, type ContactField } from "./page-settings";
import { shownAt } from "./schedule";
import { DEFAULT_CONSENT } from "./signup-text";
import { ANIMATIONS, type StyleUse } from "./style";

// The page's blocks in order: link buttons (simple, featured, media), headers, text, dividers and
// contact forms. A button carries its tracking id, title and type for the click beacon; its own
// colours become rules of the page's nonce'd style block (the CSP blocks style attributes).

export const GO_PARAM = "hop_go";
const MAX_BLOCKS = 200;

export interface BlockContext {
  publicId: string;
  /** In-app visitors whose page behavior leaves the app: buttons go through `?hop_go=<n>`. */
  outboundViaBehavior: boolean;
  contactStatus: "sent" | "invalid" | null;
  signupStatus: SignupStatus | null;
  use: StyleUse;
  /** The design lays buttons out two to a row (the grid layout): odd runs end with a wide tile. */
  grid?: boolean;
  /** The time the page is drawn for (ms): a scheduled block outside its window is left out. */
  now: number;
}

export { CONTACT_FIELDS, type ContactField };

/** The return from a sign-up post: on the list (single opt-in, or already), a mail to confirm, a bad address. */
export const SIGNUP_STATUSES = ["sent", "check", "invalid"] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];


function signupForm(block: Data, id: string, ctx: BlockContext): string {
  ctx.use.contact = true;
  const title = str(block.title);
  const subtitle = str(block.subtitle) || str(block.text);
  const heading = `${title ? `<h2>${escapeHtml(title)}</h2>` : ""}${subtitle ? `<p class="text">${escapeHtml(subtitle)}</p>` : ""}`;
  if (ctx.signupStatus === "sent" || ctx.signupStatus === "check") {
    const thanks = ctx.signupStatus === "check" ? "Almost done: open the link we just e-mailed you to confirm." : str(block.successMessage) || "Thank you! You are signed up.";
    return `<div class="contact" id="${escapeHtml(id)}">${heading}<p class="note" role="status">${escapeHtml(thanks)}</p></div>`;
  }
  const error = ctx.signupStatus === "invalid" ? '<p class="note" role="alert">Please check the e-mail address and try again.</p>' : "";
  const field = `signup-email-${escapeHtml(id)}`;
  const consent = `${field}-consent`;
  return `<form class="contact" id="${escapeHtml(id)}" method="post" action="/__hop/signup">${heading}${error}<input type="hidden" name="page" value="${escapeHtml(ctx.publicId)}"><input type="hidden" name="block" value="${escapeHtml(id)}"><label for="${field}">E-mail</label><input id="${field}" name="email" type="email" autocomplete="email" maxlength="320" required aria-describedby="${consent}"><label class="hp" aria-hidden="true">Leave empty<input name="website" tabindex="-1" autocomplete="off"></label><p class="consent" id="${consent}">${escapeHtml(str(block.consent) || DEFAULT_CONSENT)}</p><button class="btn" type="submit">${escapeHtml(str(block.buttonLabel) || "Sign up")}</button></form>`;
}

/** The fields a contact block asks for (default name and e-mail) and which are required. */
export function contactFields(block: Data): { fields: ContactField[]; required: Set<ContactField> } {
  const asked = list(block.fields).filter((f): f is ContactField => (CONTACT_FIELDS as readonly unknown[]).includes(f));
  const fields = asked.length ? [...new Set(asked)] : (["name", "email"] as ContactField[]);
  const required = new Set<ContactField>();
  if (fields.includes("email")) required.add("email");
  else if (fields.includes("phone")) required.add("phone");
  for (const f of list(block.required)) if (fields.includes(f as ContactField)) required.add(f as ContactField);
  return { fields, required };
}

const FIELD_MARKUP: Record<ContactField, (required: boolean) => string> = {
  name: (r) => `<label>Name<input name="name" autocomplete="name" maxlength="200"${r ? " required" : ""}></label>`,
  email: (r) => `<label>E-mail<input name="email" type="email" autocomplete="email" maxlength="320"${r ? " required" : ""}></label>`,
  phone: (r) => `<label>Phone<input name="phone" type="tel" autocomplete="tel" maxlength="40"${r ? " required" : ""}></label>`,
  message: (r) => `<label>Message<textarea name="message" rows="3" maxlength="2000"${r ? " required" : ""}></textarea></label>`,
};

function contactForm(block: Data, id: string, ctx: BlockContext): string {
  ctx.use.contact = true;
  const title = str(block.title);
  const subtitle = str(block.subtitle) || str(block.text);
  const heading = `${title ? `<h2>${escapeHtml(title)}</h2>` : ""}${subtitle ? `<p class="text">${escapeHtml(subtitle)}</p>` : ""}`;
  if (ctx.contactStatus === "sent") {
    const thanks = str(block.successMessage) || "Thank you! Your details were sent.";
    return `<div class="contact" id="${escapeHtml(id)}">${heading}<p class="note" role="status">${escapeHtml(thanks)}</p></div>`;
  }
  const { fields, required } = contactFields(block);
  const error = ctx.contactStatus === "invalid" ? '<p class="note" role="alert">Please check the e-mail address or phone number and try again.</p>' : "";
  return `<form class="contact" id="${escapeHtml(id)}" method="post" action="/__hop/contact">${heading}${error}<input type="hidden" name="page" value="${escapeHtml(ctx.publicId)}"><input type="hidden" name="block" value="${escapeHtml(id)}">${fields.map((f) => FIELD_MARKUP[f](required.has(f))).join("")}<label class="hp" aria-hidden="true">Leave empty<input name="website" tabindex="-1" autocomplete="off"></label><button class="btn" type="submit">${escapeHtml(str(block.buttonLabel) || "Send")}</button></form>`;
}

function linkButton(block: Data, type: string, index: number, id: string, ctx: BlockContext): string {
  const href = safeHref(block.url);
  if (href === "#") return "";
  const title = str(block.title);
  const classes = ["btn"];
  if (type === "featured") classes.push("featured");
  const style = str(block.style) as ButtonStyle;
  if ((BUTTON_STYLE_NAMES as readonly string[]).includes(style)) {
    classes.push(`bs-${style}`);
    ctx.use.buttonStyles.add(style);
  }
  const animation = str(block.animation);
  if (ANIMATIONS[animation]) {
    classes.push(`an-${animation}`);
    ctx.use.animations.add(animation);
  }
  const colours = obj(block.colors);
  const own = [colour(colours.background) && `background:${colour(colours.background)}`, colour(colours.text) && `color:${colour(colours.text)}`].filter(Boolean).join(";");
  const elementId = `hop-btn-${index}`;
  // An id selector outranks every class rule of the designs, as the style attribute used to.
  if (own) ctx.use.buttonColours.push(`a#${elementId}{${own}}`);
  const platform = type === "media" ? str(block.platform) : "";
  // A media block of a known provider is a card until tapped; the page's script then loads the player.
  const embed = blockEmbed(block);
  if (embed) {
    classes.push("embed-card");
    ctx.use.embeds = true;
  }
  const label = `${embed ? '<span class="play" aria-hidden="true"></span>' : ""}${platform ? socialIcon(platform) : ""}${escapeHtml(title || str(block.url).trim())}`;
  const subtitle = str(block.subtitle) || (embed ? `Play on ${PROVIDER_NAMES[embed.provider]}` : platform ? platformLabel(platform) : "");
  // Through the page's behavior, the href is our own `?hop_go=<n>`; the beacon still reports the destination.
  const via = ctx.outboundViaBehavior && /^https?:/i.test(href);
  const target = via ? `?${GO_PARAM}=${index}` : href;
  const player = embed ? ` data-hop-embed="${escapeHtml(embed.src)}" data-hop-embed-kind="${embed.kind}"` : "";
  return `<a class="${classes.join(" ")}"${own ? ` id="${elementId}"` : ""} href="${target}" rel="noopener" data-hop-id="${escapeHtml(id)}" data-hop-title="${escapeHtml(title)}" data-hop-type="${escapeHtml(type)}"${via ? ` data-hop-url="${href}"` : ""}${player}>${label}${subtitle ? `<small>${escapeHtml(subtitle)}</small>` : ""}</a>`;
}

const PROVIDER_NAMES = { youtube: "YouTube", vimeo: "Vimeo", spotify: "Spotify", soundcloud: "SoundCloud" } as const;

const NOT_BUTTONS: ReadonlySet<string> = new Set(["divider", "header", "text"]);

/** Whether block n renders as a tracked link button (a link block with an http(s), mailto or tel URL). */
function isLinkButton(raw: unknown): boolean {
  const block = obj(raw);
  return !isFormBlock(raw) && !NOT_BUTTONS.has(str(block.type) || "simple") && safeHref(block.url) !== "#";
}

export interface TrackedButton {
  id: string;
  title: string | null;
  url: string | null;
  type: string;
}

/**
 * A button of the published page by its tracking id, as the page shows it: what a press is
 * recorded with, whatever the beacon sent. Null when the page has no such button (the 18+ gate's
 * only on a gated page).
 */
export function trackedButton(data: unknown, id: string, now: number): TrackedButton | null {
  if (id === ADULT_BUTTON_ID) return isAdultGated(data) ? { id, title: ADULT_BUTTON_TITLE, url: null, type: "adult-confirmation" } : null;
  const blocks = list(obj(data).links).slice(0, MAX_BLOCKS);
  for (const [index, raw] of blocks.entries()) {
    if (blockId(raw, index) !== id || !isLinkButton(raw) || !shownAt(raw, now)) continue;
    const block = obj(raw);
    return { id, title: str(block.title) || null, url: str(block.url).trim(), type: str(block.type) || "simple" };
  }
  return null;
}

export const ADULT_BUTTON_TITLE = "I am 18 or older";

function renderBlock(raw: unknown, index: number, ctx: BlockContext): string {
  const block = obj(raw);
  const type = str(block.type) || "simple";
  const id = blockId(raw, index);
  if (!shownAt(raw, ctx.now)) return "";
  if (isContactBlock(raw)) return contactForm(block, id, ctx);
  if (isSignupBlock(raw)) return signupForm(block, id, ctx);
  switch (type) {
    case "divider":
      return '<hr class="divider">';
    case "header":
      return `<h2 class="header">${escapeHtml(str(block.title) || str(block.text))}</h2>`;
    case "text":
      return `<p class="text">${escapeHtml(str(block.text) || str(block.title))}</p>`;
    default:
      return linkButton(block, type, index, id, ctx);
  }
}

export function renderBlocks(data: Data, ctx: BlockContext): string {
  const parts = list(data.links).slice(0, MAX_BLOCKS).map((block, index) => renderBlock(block, index, ctx));
  return (ctx.grid ? markRunEnds(parts) : parts).join("");
}

/** A half-width tile: a link button that is not featured (the grid layout sets two in a row). */
const isTile = (html: string) => html.startsWith('<a class="btn') && !html.startsWith('<a class="btn featured');

/**
 * The last tile of a run with an odd number of tiles (runs end at a header, text, divider, form
 * or featured button) gets `wide`: the grid layout spans it across the row instead of leaving
 * half a row empty beside it.
 */
function markRunEnds(parts: string[]): string[] {
  let run = 0;
  return parts.map((html, i) => {
    if (!html) return html;
    if (!isTile(html)) return ((run = 0), html);
    run += 1;
    const next = parts.slice(i + 1).find((p) => p !== "");
    const ends = next === undefined || !isTile(next);
    return ends && run % 2 === 1 ? html.replace('<a class="btn', '<a class="btn wide') : html;
  });
}

/** The destination of block n, for `?hop_go=<n>`: only link blocks with http(s) URLs, shown at `now`. */
export function blockDestination(data: unknown, index: number, now: number): { url: string; id: string } | null {
  const block = list(obj(data).links)[index];
  if (block === undefined || isFormBlock(block) || !shownAt(block, now)) return null;
  const url = str(obj(block).url).trim();
  return /^https?:\/\//i.test(url) ? { url, id: blockId(block, index) } : null;
}
