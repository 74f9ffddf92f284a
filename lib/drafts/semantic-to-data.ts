import type { SemanticBlock, SemanticModel, SemanticSocial } from "./semantic";
import { normalizePageUrl } from "./semantic";

// The one mapping from a draft's `semantic` model to the website `data` the renderer draws
// (lib/bio/render-page.ts) and POST /v1/websites stores: the editor's preview and publishing both
// go through it, so what the preview shows is what publishing serves. Omitted parts get the
// design's defaults: no background means the design's own, no button style the design's button,
// and spotlight-card-v2 gets its (switched off) spotlight.

export type WebsiteData = Record<string, unknown>;

/** Per design: the members a draft of that design starts with (design-specific fields). */
export function designDefaults(templateId: string): WebsiteData {
  const defaults: WebsiteData = {
    background: { type: "design" },
    socialsAppearance: { position: "top", style: "icons" },
    settings: { deepLinkBehavior: "conservative" },
  };
  if (templateId === "spotlight-card-v2") defaults.spotlight = { enabled: false, text: "", durationMinutes: 60 };
  return defaults;
}

/** Only the members that are set: the stored data carries no empty strings or nulls. */
function defined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== "")) as Partial<T>;
}

function mapBlock(block: SemanticBlock): WebsiteData {
  const colors = block.colors ? defined({ background: block.colors.background, text: block.colors.text }) : {};
  return defined({
    id: block.id,
    type: block.type,
    title: block.title,
    subtitle: block.subtitle,
    text: block.text,
    url: block.type === "contact" || block.type === "signup" ? undefined : block.url,
    style: block.style,
    colors: Object.keys(colors).length ? colors : undefined,
    animation: block.animation === "none" ? undefined : block.animation,
    platform: block.type === "media" ? block.platform : undefined,
    schedule: block.schedule && (block.schedule.start || block.schedule.end) ? defined({ start: block.schedule.start ?? undefined, end: block.schedule.end ?? undefined }) : undefined,
    ...(block.type === "contact" ? { fields: block.fields, required: block.required, buttonLabel: block.buttonLabel, successMessage: block.successMessage } : {}),
    ...(block.type === "signup" ? { consent: block.consent, buttonLabel: block.buttonLabel, successMessage: block.successMessage } : {}),
  });
}

/** A profile URL (sent as `handle` or `url`) becomes `url`; a plain handle stays a handle. */
function mapSocial(social: SemanticSocial): WebsiteData {
  const given = social.url ?? social.handle ?? "";
  const url = /^[a-z][a-z0-9+.-]*:/i.test(given) ? normalizePageUrl(given) : null;
  return url ? { platform: social.platform, url } : { platform: social.platform, handle: given };
}

function mapBackground(background: NonNullable<NonNullable<SemanticModel["theme"]>["background"]>): WebsiteData {
  if (background.type === "preset") return { type: "preset", preset: background.preset };
  if (background.type === "solid") return { type: "solid", solid: background.solid };
  const g = background.gradient!;
  const colors = g.colors ?? [g.from, g.via, g.to].filter((c): c is string => c !== undefined);
  return { type: "gradient", gradient: defined({ colors, angle: g.angle }) };
}

export function semanticToData(semantic: SemanticModel, templateId: string): WebsiteData {
  const data = designDefaults(templateId);
  const profile = semantic.profile;
  data.profile = { name: profile?.name ?? "", ...defined({ handle: profile?.handle, bio: profile?.bio }) };
  if (semantic.avatar) data.avatar = { type: semantic.avatar.type, value: semantic.avatar.value };
  data.links = (semantic.links ?? []).filter((block) => block.hidden !== true).map(mapBlock);
  data.socials = (semantic.socials ?? []).map(mapSocial);
  data.advanced = defined({ pageTitle: semantic.seo?.pageTitle, metaDescription: semantic.seo?.metaDescription, ogImage: semantic.seo?.ogImage || undefined });
  const theme = semantic.theme;
  if (theme?.background) data.background = mapBackground(theme.background);
  const themeData = defined({
    font: theme?.font,
    buttons: theme?.buttons && Object.keys(defined(theme.buttons)).length ? defined(theme.buttons) : undefined,
    page: theme?.page && Object.keys(defined(theme.page)).length ? defined(theme.page) : undefined,
    typography: theme?.typography && Object.keys(defined(theme.typography)).length ? defined(theme.typography) : undefined,
  });
  if (Object.keys(themeData).length) data.theme = themeData;
  if (semantic.deepLinkBehavior) data.settings = { deepLinkBehavior: semantic.deepLinkBehavior };
  if (templateId === "spotlight-card-v2" && semantic.spotlight) {
    data.spotlight = { ...(data.spotlight as WebsiteData), ...defined(semantic.spotlight) };
  }
  return data;
}
