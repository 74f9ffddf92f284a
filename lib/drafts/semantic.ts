import { z } from "zod";
import { colour, httpsImage } from "../bio/data";
import { ownImageKey } from "../images/image-address";
import { BUTTON_STYLE_NAMES } from "../bio/designs";
import { FONT_IDS, MAX_BUTTON_RADIUS, PAGE_BUTTON_STYLES } from "../bio/font-choices";
import { CONTACT_FIELDS } from "../bio/page-settings";
import { BlockSchedule } from "../bio/schedule-schema";
import { ANIMATIONS, NAME_STYLES, PRESETS } from "../bio/style";
import { Behavior } from "../links/schemas";

// The draft's page config (`semantic` of POST /v1/websites/drafts), also what the editor saves:
// one schema for both. Members are those the contract names (docs/API.md, "Drafts": profile, links, socials, seo,
// avatar, theme, spotlight) plus two the editor needs (a block's `id` and `hidden`, and the page's
// `deepLinkBehavior`). Unknown members are dropped. URLs are normalised like other destinations:
// trimmed, and only absolute http(s), mailto and tel are accepted.

export const SEMANTIC_MAX_BYTES = 64 * 1024;
export const BLOCK_TYPES = ["simple", "featured", "header", "text", "divider", "media", "contact", "signup"] as const;
export const MAX_BLOCKS = 200;
export const MAX_SOCIALS = 30;

/** Trimmed http(s)/mailto/tel URL, or null when it is none of them (a bare host is refused too). */
export function normalizePageUrl(value: string): string | null {
  const text = value.trim();
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      return url.hostname && !/[\s<>"\\]/.test(text) ? text : null;
    } catch {
      return null;
    }
  }
  if (/^mailto:[^\s<>"@]+@[^\s<>"@]+\.[^\s<>"@]+$/i.test(text)) return text;
  if (/^tel:\+?[0-9][0-9\s().-]{2,30}$/i.test(text)) return text;
  return null;
}

const URL_RULE = "an absolute http(s), mailto: or tel: URL";
const looksLikeUrl = (value: string) => /^[a-z][a-z0-9+.-]*:/i.test(value.trim());

/** Optional member: null reads as omitted. */
const opt = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null ? undefined : v), schema.optional());
const text = (max: number) => opt(z.string().max(max));
const pageUrl = opt(
  z
    .string()
    .max(2000)
    .refine((v) => v.trim() === "" || normalizePageUrl(v) !== null, `must be ${URL_RULE}`)
    .transform((v) => normalizePageUrl(v) ?? undefined),
);
const cssColour = z
  .string()
  .max(60)
  .refine((v) => colour(v) !== null, "must be a CSS colour: #hex, rgb(), hsl() or a colour name")
  .transform((v) => v.trim());
const optColour = opt(cssColour);
const oneOf = (values: readonly string[]) => z.enum(values as [string, ...string[]]);

const Block = z.object({
  id: opt(z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "letters, digits, '-' and '_', at most 100")),
  type: opt(z.enum(BLOCK_TYPES)).transform((v) => v ?? "simple"),
  title: text(300),
  subtitle: text(300),
  text: text(5000),
  url: pageUrl,
  style: opt(z.enum(BUTTON_STYLE_NAMES)),
  colors: opt(z.object({ background: optColour, text: optColour })),
  animation: opt(oneOf(["none", ...Object.keys(ANIMATIONS)])),
  platform: text(60),
  /** Contact form: the fields asked for, those required beyond the first way to reply, the button and the thanks. */
  fields: opt(z.array(z.enum(CONTACT_FIELDS)).max(4)),
  required: opt(z.array(z.enum(CONTACT_FIELDS)).max(4)),
  buttonLabel: text(60),
  successMessage: text(300),
  /** Sign-up block: the owner's consent text shown above its button. */
  consent: text(500),
  /** Kept in the draft, left out of the page. */
  hidden: opt(z.boolean()),
  /** Shown only between `start` and `end` (either may be left out). */
  schedule: opt(BlockSchedule),
});
export type SemanticBlock = z.output<typeof Block>;

const Social = z
  .object({
    platform: z.string().trim().min(1).max(60),
    handle: opt(z.string().trim().min(1).max(300)),
    url: opt(z.string().trim().min(1).max(2000)),
  })
  .superRefine((social, ctx) => {
    if (!social.handle && !social.url) ctx.addIssue({ code: "custom", path: ["handle"], message: "a handle or a profile URL is required" });
    for (const key of ["handle", "url"] as const) {
      const value = social[key];
      if (value === undefined) continue;
      if (looksLikeUrl(value) || key === "url") {
        if (normalizePageUrl(value) === null) ctx.addIssue({ code: "custom", path: [key], message: `a profile URL must be ${URL_RULE}` });
      } else if (!/^@?[^\s<>"'\\]{1,300}$/.test(value)) {
        ctx.addIssue({ code: "custom", path: [key], message: "a handle has no spaces, quotes or angle brackets" });
      }
    }
  });
export type SemanticSocial = z.output<typeof Social>;

/** A picture the page may show: an https image address or an uploaded picture's (/__hop/img/….webp). */
export const isPictureAddress = (value: string): boolean => httpsImage(value) !== null || ownImageKey(value) !== null;

const Avatar = z
  .object({ type: z.enum(["letter", "emoji", "image"]), value: z.string().trim().min(1).max(2000) })
  .superRefine((avatar, ctx) => {
    const chars = Array.from(avatar.value).length;
    if (avatar.type === "letter" && chars > 2) ctx.addIssue({ code: "custom", path: ["value"], message: "a letter avatar is 1 or 2 characters" });
    if (avatar.type === "emoji" && chars > 8) ctx.addIssue({ code: "custom", path: ["value"], message: "an emoji avatar is at most 8 characters" });
    if (avatar.type === "image" && !isPictureAddress(avatar.value)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "an image avatar is an https URL or an uploaded image's address (/__hop/img/….webp)" });
    }
  });

/** The picture link previews show (og:image): an https image or an uploaded one; "" for none (the generated card). */
const SharingImage = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => value === "" || isPictureAddress(value), "the sharing picture is an https URL or an uploaded image's address (/__hop/img/….webp)");

const Gradient = z
  .object({ colors: opt(z.array(cssColour).min(2).max(5)), from: optColour, via: optColour, to: optColour, angle: opt(z.number().min(-360).max(360)) })
  .refine((g) => (g.colors?.length ?? 0) >= 2 || (g.from !== undefined && g.to !== undefined), "a gradient has `colors` (2 to 5) or `from` and `to`");

const Background = z
  .object({
    type: z.enum(["preset", "gradient", "solid"]),
    preset: opt(oneOf(Object.keys(PRESETS))),
    gradient: opt(Gradient),
    solid: optColour,
  })
  .superRefine((bg, ctx) => {
    if (bg[bg.type] === undefined) ctx.addIssue({ code: "custom", path: [bg.type], message: `a ${bg.type} background needs \`${bg.type}\`` });
  });

const Theme = z.object({
  background: opt(Background),
  font: opt(oneOf(FONT_IDS).meta({ description: "A font for the whole page from Hop's own set (served from the page's host); unset = the design's." })),
  buttons: opt(
    z.object({
      style: opt(oneOf([...PAGE_BUTTON_STYLES])),
      radius: opt(z.number().int().min(0).max(MAX_BUTTON_RADIUS).meta({ description: "Corner radius of every button, in px (0–28)." })),
    }),
  ),
  page: opt(
    z.object({
      cardColor: optColour,
      textColor: optColour,
      buttonColor: optColour,
      buttonTextColor: optColour,
      keepLowContrast: opt(z.boolean().meta({ description: "true: publish the page's colours as chosen even where a pair is under WCAG AA (4.5:1); otherwise the page uses the nearest colour that passes." })),
    }),
  ),
  typography: opt(
    z.object({ nameStyle: opt(oneOf(Object.keys(NAME_STYLES))), nameColor: optColour, handleColor: optColour, bioColor: optColour }),
  ),
});

export const SemanticModel = z.object({
  /** Read by create-draft (the top-level templateId wins); never stored inside the model. */
  templateId: z.unknown().optional().meta({ description: "A design of the draft list, used when the body has no top-level `templateId`." }),
  profile: opt(z.object({ name: text(200), handle: text(100), bio: text(1000) })),
  links: opt(z.array(Block).max(MAX_BLOCKS)),
  socials: opt(z.array(Social).max(MAX_SOCIALS)),
  seo: opt(z.object({ pageTitle: text(200), metaDescription: text(500), ogImage: opt(SharingImage) })),
  avatar: opt(Avatar),
  theme: opt(Theme),
  spotlight: opt(z.object({ enabled: opt(z.boolean()), text: text(200), durationMinutes: opt(z.number().int().min(1).max(100_000)) })),
  deepLinkBehavior: opt(Behavior),
});
export type SemanticModel = Omit<z.output<typeof SemanticModel>, "templateId">;
