import { createHash } from "node:crypto";
import { colour, obj, str } from "./data";
import { designOf } from "./designs";
import { avatarPicture } from "./profile";
import { CARD_PATH_PREFIX } from "../images/image-address";

// The page's social card (og:image when the owner set no picture of their own): 1200×630, drawn
// on the server from the page's name, handle, avatar (an uploaded picture, else its letter) and
// colours (the design's, or the owner's page colours). Its address holds a hash of exactly those
// inputs, so it changes when the card would, and is cached for a year like an uploaded picture.

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface CardInputs {
  name: string;
  handle: string;
  /** An uploaded avatar's key (drawn in a circle), or null: the letter on the accent colour. */
  avatarKey: string | null;
  letter: string;
  background: string[];
  surface: string;
  text: string;
  muted: string;
  accent: string;
  accentText: string;
}

const hexes = (css: string) => css.match(/#[0-9a-f]{3,8}\b/gi) ?? [];

export function cardInputs(templateId: string | null, data: unknown): CardInputs {
  const d = obj(data);
  const design = designOf(templateId);
  const page = obj(obj(d.theme).page);
  const profile = obj(d.profile);
  const name = str(profile.name).trim() || str(obj(d.advanced).pageTitle).trim() || "Links";
  const picture = avatarPicture(d);
  const spec = obj(d.avatar);
  const glyph = (str(spec.type) !== "image" && str(spec.value)) || name.charAt(0);
  const bg = obj(d.background);
  const ownBg = str(bg.type) === "solid" ? colour(bg.solid ?? bg.color) : null;
  const background = ownBg ? [ownBg] : hexes(design.bg).slice(0, 3);
  return {
    name: Array.from(name).slice(0, 60).join(""),
    handle: Array.from(str(profile.handle).trim()).slice(0, 60).join(""),
    avatarKey: picture && "key" in picture ? picture.key : null,
    letter: Array.from(glyph).slice(0, 2).join(""),
    background: background.length ? background : ["#f4f4f5"],
    surface: colour(page.cardColor) ?? (hexes(design.surface)[0]?.slice(0, 7) || "#ffffff"),
    text: colour(page.textColor) ?? design.text,
    muted: colour(page.textColor) ?? design.muted,
    accent: colour(page.buttonColor) ?? design.accent,
    accentText: colour(page.buttonTextColor) ?? design.accentText,
  };
}

export function cardHash(inputs: CardInputs): string {
  return createHash("sha256").update(JSON.stringify(inputs)).digest("hex").slice(0, 20);
}

/** The card's address on the page's own host: `/__hop/card/<link id>-<hash>.png`. */
export function cardPath(linkId: string, templateId: string | null, data: unknown): string {
  return `${CARD_PATH_PREFIX}${linkId}-${cardHash(cardInputs(templateId, data))}.png`;
}

/** The link id and hash a card file name asks for, or null. */
export function servedCardFile(file: string): { linkId: string; hash: string } | null {
  const match = /^([A-Za-z0-9_]{1,64})-([a-f0-9]{20})\.png$/.exec(file);
  return match ? { linkId: match[1], hash: match[2] } : null;
}

const xml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The card as SVG (sharp draws it); the avatar picture, if any, is laid over the circle after. */
export function cardSvg(c: CardInputs): string {
  const stops = c.background.length > 1 ? c.background.map((s, i) => `<stop offset="${i / (c.background.length - 1)}" stop-color="${xml(s)}"/>`).join("") : "";
  const fill = stops ? "url(#bg)" : xml(c.background[0]);
  // ~0.66 em a character in DejaVu Sans Bold: a name takes one line, or two at a smaller size,
  // broken at a space; what does not fit the card's 600 px ends in an ellipsis.
  const perLine = (px: number) => Math.floor(600 / (0.66 * px));
  const cut = (text: string, most: number) => { const chars = Array.from(text); return chars.length > most ? chars.slice(0, most - 1).join("").trimEnd() + "…" : text; };
  const chars = Array.from(c.name).length;
  const size = chars <= 11 ? 84 : chars <= 15 ? 64 : 52;
  let lines = [cut(c.name, perLine(size))];
  if (chars > perLine(size)) {
    const most = perLine(size);
    const head = Array.from(c.name).slice(0, most + 1).join("");
    const space = head.lastIndexOf(" ");
    const first = space > 0 ? c.name.slice(0, space) : Array.from(c.name).slice(0, most).join("");
    lines = [first, cut(c.name.slice(first.length).trim(), most)];
  }
  const handle = cut(c.handle, perLine(40) + 8);
  const top = (c.handle ? 290 : 330) - (lines.length - 1) * size * 0.6;
  const nameText = lines.map((line, i) => `<tspan x="480" y="${Math.round(top + i * size * 1.15)}">${xml(line)}</tspan>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">${stops ? `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">${stops}</linearGradient></defs>` : ""}<rect width="100%" height="100%" fill="${fill}"/><rect x="80" y="95" width="1040" height="440" rx="36" fill="${xml(c.surface)}"/><circle cx="300" cy="315" r="130" fill="${xml(c.accent)}"/>${c.avatarKey ? "" : `<text x="300" y="315" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="120" font-weight="bold" fill="${xml(c.accentText)}">${xml(c.letter)}</text>`}<text font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="bold" fill="${xml(c.text)}">${nameText}</text>${handle ? `<text x="480" y="${Math.round(top + (lines.length - 1) * size * 1.15 + 70)}" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="${xml(c.muted)}">${xml(handle)}</text>` : ""}</svg>`;
}
