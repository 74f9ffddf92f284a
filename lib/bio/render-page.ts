import { escapeHtml, safeHref } from "../visit/html";
import { designOf, type Design } from "./designs";

// Server-rendered bio page: readable without JavaScript, every user string escaped, only
// http(s)/mailto/tel hrefs, CSS values from user data checked against a colour pattern, and one
// small nonce'd script that reports button presses to the click beacon.

type Data = Record<string, unknown>;
const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;
const ADULT_ID = "adult-18plus-btn";

const obj = (v: unknown): Data => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Data) : {});
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const colour = (v: unknown): string | null => (typeof v === "string" && COLOUR.test(v.trim()) ? v.trim() : null);

const BUTTON_CSS: Record<Design["button"], string> = {
  fill: "background:var(--a);color:var(--at);border:0",
  outline: "background:transparent;color:var(--t);border:2px solid var(--a)",
  pill: "background:var(--a);color:var(--at);border:0;border-radius:999px",
  block: "background:var(--s);color:var(--t);border:1px solid color-mix(in srgb,var(--t) 15%,transparent)",
  underline: "background:transparent;color:var(--t);border:0;border-bottom:2px solid var(--a);border-radius:0;text-align:left",
  shadow: "background:var(--s);color:var(--t);border:2px solid var(--t);box-shadow:4px 4px 0 var(--t)",
};

const LAYOUT_CSS: Record<Design["layout"], string> = {
  stack: "main{max-width:560px}",
  card: "main{max-width:480px;background:var(--s);border-radius:calc(var(--r) + 8px);padding:28px 20px;box-shadow:0 12px 40px rgba(0,0,0,.12)}",
  grid: "main{max-width:720px}.links{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px}.links .featured,.links .header,.links .text,.links .divider{grid-column:1/-1}.btn{min-height:72px;display:flex;align-items:center;justify-content:center}",
  terminal: "main{max-width:640px;text-align:left}.socials{justify-content:flex-start}h1:before{content:'$ whoami\\A';white-space:pre;color:var(--m);font-size:.8em}.btn:before{content:'> '}",
  sleeve: ".avatar{width:min(70vw,260px);height:min(70vw,260px);border-radius:calc(var(--r) / 4)}main{max-width:520px}",
  split: "@media(min-width:900px){main{max-width:920px;display:grid;grid-template-columns:300px 1fr;gap:40px;text-align:left}.profile{position:sticky;top:32px;align-self:start}}",
  print: "main{max-width:600px;border:3px solid var(--t);background:var(--s);padding:28px 20px}h1{font-size:2.4rem;line-height:1}",
};

function css(design: Design, data: Data): string {
  const background = obj(data.background);
  const bg = colour(background.color) ?? colour(background.value) ?? design.bg;
  return [
    `:root{--bg:${bg};--s:${design.surface};--t:${design.text};--m:${design.muted};--a:${design.accent};--at:${design.accentText};--r:${design.radius}px}`,
    `*{box-sizing:border-box}body{margin:0;min-height:100vh;background:var(--bg);color:var(--t);font-family:${design.font};display:flex;justify-content:center;padding:32px 16px;overflow-x:hidden}`,
    "main{width:100%;text-align:center}.avatar{width:96px;height:96px;border-radius:50%;object-fit:cover;display:inline-grid;place-items:center;font-size:2.5rem;background:var(--a);color:var(--at)}",
    `h1{font-size:1.6rem;margin:14px 0 6px;overflow-wrap:anywhere${design.upper ? ";text-transform:uppercase;letter-spacing:.04em" : ""}}.bio{color:var(--m);margin:0 0 18px;line-height:1.5;overflow-wrap:anywhere}`,
    ".badge{display:inline-block;margin-left:6px;color:var(--a)}.socials{display:flex;flex-wrap:wrap;gap:8px;justify-content:center;margin:0 0 20px}.socials a{color:var(--t);font-size:.85rem;padding:6px 10px;border:1px solid var(--m);border-radius:999px;text-decoration:none}",
    `.links{display:flex;flex-direction:column;gap:12px}.btn{display:block;padding:15px 18px;border-radius:var(--r);text-decoration:none;font-weight:600;overflow-wrap:anywhere;${BUTTON_CSS[design.button]}}`,
    ".btn small{display:block;font-weight:400;opacity:.8}.featured{padding:24px 18px;font-size:1.1rem}.header{font-weight:700;margin:10px 0 0;text-align:left}.text{color:var(--m);text-align:left;line-height:1.5}.divider{border:0;border-top:1px solid var(--m);width:100%;opacity:.4}",
    ".gate{position:fixed;inset:0;background:rgba(0,0,0,.92);color:#fff;display:grid;place-items:center;padding:24px;text-align:center;z-index:9}.gate .btn{background:#fff;color:#000;display:inline-block;margin-top:16px}",
    "footer{margin-top:28px;font-size:.75rem;color:var(--m)}footer a{color:inherit}",
    LAYOUT_CSS[design.layout],
  ].join("");
}

function avatar(profile: Data, name: string): string {
  const image = str(profile.avatar) || str(profile.image);
  if (/^https:\/\//i.test(image)) return `<img class="avatar" src="${escapeHtml(image)}" alt="">`;
  const spec = obj(profile.avatar);
  const letter = str(spec.value) || name.trim().charAt(0) || "•";
  return `<span class="avatar" aria-hidden="true">${escapeHtml(Array.from(letter).slice(0, 2).join(""))}</span>`;
}

function socialHref(social: Data): string {
  const url = str(social.url) || str(social.handle);
  if (/^(https?:\/\/|mailto:|tel:)/i.test(url)) return url;
  const platform = str(social.platform).toLowerCase();
  const handle = url.replace(/^@/, "");
  const bases: Record<string, string> = { instagram: "https://instagram.com/", x: "https://x.com/", twitter: "https://x.com/", tiktok: "https://tiktok.com/@", youtube: "https://youtube.com/@", github: "https://github.com/", linkedin: "https://linkedin.com/in/", facebook: "https://facebook.com/", threads: "https://threads.net/@" };
  return bases[platform] && /^[A-Za-z0-9_.-]{1,60}$/.test(handle) ? bases[platform] + handle : "";
}

function block(raw: unknown, index: number): string {
  const b = obj(raw);
  const type = str(b.type) || "simple";
  const title = str(b.title);
  if (type === "divider") return '<hr class="divider">';
  if (type === "header") return `<h2 class="header">${escapeHtml(title)}</h2>`;
  if (type === "text") return `<p class="text">${escapeHtml(str(b.text) || title)}</p>`;
  if (type.startsWith("contact")) return "";
  const href = safeHref(b.url);
  if (href === "#") return "";
  const id = str(b.id) || `link-${index + 1}`;
  const colours = obj(b.colors);
  const style = [colour(colours.background) && `background:${colour(colours.background)}`, colour(colours.text) && `color:${colour(colours.text)}`].filter(Boolean).join(";");
  const label = type === "media" && str(b.platform) ? `${escapeHtml(str(b.platform))} · ${escapeHtml(title)}` : escapeHtml(title || str(b.url));
  const subtitle = str(b.subtitle) ? `<small>${escapeHtml(str(b.subtitle))}</small>` : "";
  return `<a class="btn ${type === "featured" ? "featured" : ""}" href="${href}" rel="noopener" data-hop-id="${escapeHtml(id)}" data-hop-title="${escapeHtml(title)}" data-hop-type="${escapeHtml(type)}"${style ? ` style="${escapeHtml(style)}"` : ""}>${label}${subtitle}</a>`;
}

export interface BioPageInput {
  publicId: string;
  url: string;
  templateId: string | null;
  data: unknown;
  nonce: string;
  /** The visitor already confirmed the 18+ gate (`?adult=1`, the no-JavaScript path). */
  adultConfirmed: boolean;
  brandingUrl: string;
}

export function isAdultGated(data: unknown): boolean {
  const settings = obj(obj(data).settings);
  return settings.adultMode === true || settings.smart18 === true;
}

export function renderBioPage(input: BioPageInput): string {
  const data = obj(input.data);
  const profile = obj(data.profile);
  const advanced = obj(data.advanced);
  const settings = obj(data.settings);
  const design = designOf(input.templateId);
  const name = str(profile.name);
  const bio = str(profile.bio);
  const title = str(advanced.pageTitle) || name || "Links";
  const description = str(advanced.metaDescription) || bio;
  const favicon = /^https:\/\//i.test(str(advanced.favicon)) ? `<link rel="icon" href="${escapeHtml(str(advanced.favicon))}">` : "";
  const socials = (Array.isArray(data.socials) ? data.socials : [])
    .map((s) => ({ s: obj(s), href: socialHref(obj(s)) }))
    .filter(({ href }) => href)
    .map(({ s, href }) => `<a href="${safeHref(href)}" rel="noopener me">${escapeHtml(str(s.platform) || "link")}</a>`)
    .join("");
  const links = (Array.isArray(data.links) ? data.links : []).map(block).join("");
  const adultGate = isAdultGated(data) && !input.adultConfirmed;
  const gate = adultGate
    ? `<div class="gate" id="hop-gate"><div><h2>This page is for adults</h2><p>Confirm that you are 18 or older to continue.</p><a class="btn" id="${ADULT_ID}" href="?adult=1" data-hop-id="${ADULT_ID}" data-hop-title="I am 18 or older" data-hop-type="adult-confirmation">I am 18 or older</a></div></div>`
    : "";
  const branding = data.hideBranding === true || settings.hideBranding === true ? "" : `<footer>Made with <a href="${safeHref(input.brandingUrl)}">Hop</a></footer>`;
  const page = JSON.stringify(input.publicId).replace(/</g, "\\u003c");
  const script = `<script nonce="${input.nonce}">document.addEventListener("click",function(e){var a=e.target.closest&&e.target.closest("a[data-hop-id]");if(!a)return;if(navigator.sendBeacon)navigator.sendBeacon("/__hop/click",JSON.stringify({page:${page},id:a.dataset.hopId,title:a.dataset.hopTitle,url:a.getAttribute("href"),type:a.dataset.hopType}));if(a.id==="${ADULT_ID}"){e.preventDefault();var g=document.getElementById("hop-gate");if(g)g.remove()}})</script>`;
  const head = [
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(title)}</title><meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:type" content="profile"><meta property="og:title" content="${escapeHtml(title)}"><meta property="og:description" content="${escapeHtml(description)}"><meta property="og:url" content="${escapeHtml(input.url)}">`,
    `<meta name="twitter:card" content="summary"><meta name="twitter:title" content="${escapeHtml(title)}">`,
    favicon,
    `<style nonce="${input.nonce}">${css(design, data)}</style>`,
  ].join("");
  const verified = profile.verified === true ? '<span class="badge" title="Verified">✔</span>' : "";
  return `<!doctype html><html lang="en"><head>${head}</head><body><main data-design="${escapeHtml(input.templateId ?? "")}"><div class="profile">${avatar(profile, name)}<h1>${escapeHtml(name)}${verified}</h1><p class="bio">${escapeHtml(bio)}</p><nav class="socials">${socials}</nav></div><div class="links">${links}</div>${branding}</main>${gate}${script}</body></html>`;
}
