import { z } from "zod";
import { CONTACT_FIELDS } from "../bio/blocks";
import { BUTTON_STYLE_NAMES } from "../bio/designs";
import { BlockSchedule } from "../bio/schedule-schema";
import { GOOGLE_TAG, PIXEL } from "../bio/tracking-tags";
import type { Db } from "../db/open";
import { Behavior } from "../links/create-link";
import { HopError } from "../errors";
import { hasControlCharacter, normalizeHttpUrl } from "../links/http-url";
import { normalizeGeoRules } from "../links/rules";
import { stripForPlan } from "./strip-free-plan";

// The editor data of a website. Its members are typed where the renderer reads them (wrong types
// and oversized strings are a 400 with the member's path as `field`); unknown members are kept
// for the editor. Button URLs with a control character are refused (INVALID_DESTINATION_URL), and
// http(s) ones are stored as `new URL(…).href` like a link's destination: `?hop_go=<n>` redirects
// anyone to them. Anything else is kept for the editor: the renderer only ever links http(s),
// mailto and tel, so an unfinished or unsafe URL is stored but never shown.

const text = (max: number) => z.string().max(max).nullish();
const colours = z.object({ background: text(60), text: text(60) }).passthrough();

const Block = z
  .object({
    id: text(200),
    type: text(40),
    title: text(300),
    subtitle: text(300),
    text: text(5000),
    url: text(2000),
    style: z.enum(BUTTON_STYLE_NAMES).nullish(),
    animation: text(40),
    platform: text(60),
    colors: colours.nullish(),
    fields: z.array(z.enum(CONTACT_FIELDS)).max(4).nullish(),
    required: z.array(z.enum(CONTACT_FIELDS)).max(4).nullish(),
    buttonLabel: text(60),
    successMessage: text(300),
    schedule: BlockSchedule.nullish(),
  })
  .passthrough();

const Social = z.object({ platform: z.string().max(60), url: text(2000), handle: text(300), followers: z.number().nonnegative().nullish() }).passthrough();

export const PageData = z
  .object({
    profile: z.object({ name: text(200), handle: text(100), bio: text(1000), verified: z.boolean().nullish() }).passthrough().nullish(),
    links: z.array(Block).max(200).nullish(),
    socials: z.array(Social).max(30).nullish(),
    background: z.object({}).passthrough().nullish(),
    advanced: z
      .object({
        pageTitle: text(200),
        metaDescription: text(500),
        favicon: text(2000),
        googleTag: z.string().regex(GOOGLE_TAG, "a Google tag id such as G-XXXXXXX").or(z.literal("")).nullish(),
        facebookPixel: z.string().regex(PIXEL, "a Meta pixel id (digits)").or(z.literal("")).nullish(),
      })
      .passthrough()
      .nullish(),
    settings: z
      .object({
        deepLinkBehavior: Behavior.nullish(),
        geoRules: z.array(z.unknown()).max(50).nullish(),
        botProtection: z.union([z.boolean(), z.object({ enabled: z.boolean() }).passthrough()]).nullish(),
        adultMode: z.boolean().nullish(),
      })
      .passthrough()
      .nullish(),
    spotlight: z.object({ enabled: z.boolean().nullish(), text: text(200), durationMinutes: z.number().int().min(1).max(100_000).nullish() }).passthrough().nullish(),
  })
  .passthrough();
export type PageData = z.infer<typeof PageData>;

/**
 * What is stored at publish: the plan's stripping, then the page's own geoRules checked and
 * normalised exactly as a link's (codes, presets copied in, http(s) redirect URLs), and the
 * buttons' URLs normalised like a destination.
 */
export async function preparePageData(db: Db, account: { id: string; plan: string }, data: PageData, onPrimary: boolean): Promise<Record<string, unknown>> {
  const stripped = stripForPlan(data, account.plan);
  normalizeButtonUrls(stripped.links);
  const settings = stripped.settings as Record<string, unknown> | null | undefined;
  if (settings && settings.geoRules != null) settings.geoRules = await normalizeGeoRules(db, account.id, settings.geoRules, onPrimary, "data.settings.geoRules");
  return stripped;
}

function normalizeButtonUrls(links: unknown): void {
  if (!Array.isArray(links)) return;
  links.forEach((block: unknown, index) => {
    if (!block || typeof block !== "object") return;
    const button = block as { url?: unknown };
    if (typeof button.url !== "string") return;
    if (hasControlCharacter(button.url)) {
      const field = `data.links[${index}].url`;
      throw new HopError("INVALID_DESTINATION_URL", { field, message: `${field} must not contain control characters (CR, LF, TAB, NUL, DEL …).` });
    }
    const normalized = normalizeHttpUrl(button.url.trim());
    if (normalized) button.url = normalized;
  });
}
