import { escapeHtml, isSafeHref, safeHref } from "../html/escape";
import { IMAGE_SIZES, ownImageKey, ownImagePath } from "../images/image-address";
import { httpsImage, list, obj, str, type Data } from "./data";
import { designOf } from "./designs";
import { platformKey, platformLabel, socialIcon } from "./icons";
import type { StyleUse } from "./style";

// The top of a page: avatar (an uploaded picture, an https image, a letter or an emoji), name with the verified badge, handle,
// bio, the spotlight banner of spotlight designs, and the social icons.

const PROFILE_BASES: Record<string, string> = {
  instagram: "https://instagram.com/", x: "https://x.com/", tiktok: "https://tiktok.com/@", youtube: "https://youtube.com/@",
  github: "https://github.com/", linkedin: "https://linkedin.com/in/", facebook: "https://facebook.com/", threads: "https://threads.net/@",
  twitch: "https://twitch.tv/", snapchat: "https://snapchat.com/add/", pinterest: "https://pinterest.com/", reddit: "https://reddit.com/user/",
  telegram: "https://t.me/", soundcloud: "https://soundcloud.com/", medium: "https://medium.com/@", patreon: "https://patreon.com/",
  substack: "https://substack.com/@", bluesky: "https://bsky.app/profile/", tumblr: "https://tumblr.com/", vimeo: "https://vimeo.com/",
  dribbble: "https://dribbble.com/", behance: "https://behance.net/", spotify: "https://open.spotify.com/user/",
};

/** A social's link: a full URL as given, else the platform's profile address for a plain handle. */
export function socialHref(social: Data): string {
  const given = (str(social.url) || str(social.handle)).trim();
  if (isSafeHref(given)) return given;
  const key = platformKey(str(social.platform));
  if (key === "email" && /^[^\s@<>"]+@[^\s@<>"]+\.[a-z]{2,}$/i.test(given)) return `mailto:${given}`;
  if (key === "phone" && /^\+?[\d\s().-]{5,20}$/.test(given)) return `tel:${given.replace(/[\s().-]/g, "")}`;
  const handle = given.replace(/^@/, "");
  const base = key ? PROFILE_BASES[key] : undefined;
  return base && /^[A-Za-z0-9_.-]{1,60}$/.test(handle) ? base + handle : "";
}

function followers(value: unknown): string {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return "";
  if (value >= 1e6) return `${(value / 1e6).toFixed(value >= 1e7 ? 0 : 1)}M`;
  if (value >= 1e3) return `${(value / 1e3).toFixed(value >= 1e4 ? 0 : 1)}k`;
  return String(Math.floor(value));
}

export function renderSocials(data: Data): string {
  const appearance = obj(data.socialsAppearance);
  const withLabels = str(appearance.style) === "buttons";
  const showFollowers = appearance.showFollowers === true;
  const items = list(data.socials)
    .slice(0, 30)
    .map((raw) => {
      const social = obj(raw);
      const href = safeHref(socialHref(social));
      if (href === "#") return "";
      const label = platformLabel(str(social.platform) || "link");
      const count = showFollowers ? followers(social.followers) : "";
      const text = withLabels || count ? `<span>${escapeHtml(withLabels ? label : "")}${withLabels && count ? " · " : ""}${count}</span>` : "";
      return `<a href="${href}" rel="noopener me" aria-label="${escapeHtml(label)}" title="${escapeHtml(label)}">${socialIcon(str(social.platform))}${text}</a>`;
    })
    .join("");
  return items ? `<nav class="socials" aria-label="Social profiles">${items}</nav>` : "";
}

/** An uploaded picture in the sizes the design draws it at: 96 px, or up to the page's width on sleeve designs. */
function ownAvatar(key: string, templateId: string | null): string {
  const srcset = IMAGE_SIZES.map((size) => `${ownImagePath(key, size)} ${size}w`).join(", ");
  const sizes = designOf(templateId).layout === "sleeve" ? "min(100vw, 520px)" : "96px";
  return `<img class="avatar" src="${ownImagePath(key, 320)}" srcset="${srcset}" sizes="${sizes}" alt="">`;
}

/** The page's avatar picture: an uploaded one (its key) or an https address; null for a letter or emoji. */
export function avatarPicture(data: Data): { key: string } | { url: string } | null {
  const spec = obj(data.avatar);
  const profile = obj(data.profile);
  const own = str(spec.type) === "image" ? ownImageKey(spec.value) : null;
  if (own) return { key: own };
  const url = httpsImage(profile.avatar) ?? httpsImage(profile.image) ?? httpsImage(profile.avatarUrl) ?? (str(spec.type) === "image" ? httpsImage(spec.value) : null);
  return url ? { url } : null;
}

function avatar(data: Data, profile: Data, name: string, templateId: string | null): string {
  const spec = obj(data.avatar);
  const picture = avatarPicture(data);
  if (picture && "key" in picture) return ownAvatar(picture.key, templateId);
  if (picture) return `<img class="avatar" src="${escapeHtml(picture.url)}" alt="">`;
  const glyph = str(spec.value) || str(obj(profile.avatar).value) || name.trim().charAt(0) || "•";
  return `<span class="avatar" aria-hidden="true">${escapeHtml(Array.from(glyph).slice(0, 2).join(""))}</span>`;
}

const BADGE = '<svg class="badge" viewBox="0 0 24 24" role="img" aria-label="Verified"><title>Verified</title><path fill="currentColor" d="M12 1l2.9 2.1 3.6-.1 1.1 3.4 2.9 2.1-1.1 3.5 1.1 3.4-2.9 2.1-1.1 3.4-3.6-.1L12 23l-2.9-2.1-3.6.1-1.1-3.4-2.9-2.1 1.1-3.4-1.1-3.5 2.9-2.1 1.1-3.4 3.6.1zm-1.4 14.6l6-6-1.4-1.4-4.6 4.6-2.3-2.3-1.4 1.4z"/></svg>';

/** spotlight-card-v2's banner (`spotlight: { enabled, text, durationMinutes }`). */
function spotlight(data: Data, templateId: string | null, use: StyleUse): string {
  const s = obj(data.spotlight);
  if (templateId !== "spotlight-card-v2" || s.enabled !== true || !str(s.text).trim()) return "";
  use.spotlight = true;
  return `<p class="spotlight" role="note">${escapeHtml(str(s.text).slice(0, 200))}</p>`;
}

export function renderProfile(data: Data, templateId: string | null, use: StyleUse): string {
  const profile = obj(data.profile);
  const name = str(profile.name);
  const handle = str(profile.handle).trim();
  const bio = str(profile.bio);
  const verified = profile.verified === true ? BADGE : "";
  const socials = str(obj(data.socialsAppearance).position) === "bottom" ? "" : renderSocials(data);
  return `<header class="profile">${spotlight(data, templateId, use)}${avatar(data, profile, name, templateId)}<h1>${escapeHtml(name)}${verified}</h1>${handle ? `<p class="handle">${escapeHtml(handle)}</p>` : ""}${bio ? `<p class="bio">${escapeHtml(bio)}</p>` : ""}${socials}</header>`;
}
