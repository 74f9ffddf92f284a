import { z } from "zod";
import { jsonDepth } from "../../validation/json-depth";
import { badRequest } from "../draft-input";
import { scanHtml } from "./html-scan";
import { addHeader, addLink, addMedia, addSocial, assertSomething, clip, newPage, setAvatar, type ImportedPage } from "./imported-page";

// A Linktree page as its public HTML (saved from the browser): Linktree is a Next.js app, so the
// page's data is the JSON of its `<script id="__NEXT_DATA__">`, and `props.pageProps.account` is
// the profile, its links (with a `type` and a `position`) and its social icons. Only that JSON is
// read; the rest of the page is never looked at. Link types: a header becomes a header, a video or
// music embed a media block when Hop's player knows it, commerce and forms are skipped, and any
// other type with an address is a button.

const MAX_DEPTH = 64;
const text = z.string().nullish().catch(null);

const Account = z.looseObject({
  username: text,
  pageTitle: text,
  description: text,
  profilePictureUrl: text,
  links: z.array(z.unknown()).nullish().catch(null),
  socialLinks: z.array(z.unknown()).nullish().catch(null),
});

const Link = z.looseObject({
  type: z.string().nullish().catch(null),
  title: text,
  url: text,
  position: z.number().nullish().catch(null),
});

const Social = z.looseObject({ type: z.string(), url: text });

const NextData = z.looseObject({ props: z.looseObject({ pageProps: z.looseObject({ account: Account }) }) });

/** The JSON text of the page's __NEXT_DATA__ script, or null when it has none. */
export function nextDataOf(html: string): string | null {
  for (let tokens = scanHtml(html), next = tokens.next(); !next.done; next = tokens.next()) {
    const token = next.value;
    if (token.kind === "open" && token.name === "script" && token.attrs.get("id") === "__NEXT_DATA__") {
      const raw = tokens.next().value;
      return raw && raw.kind === "raw" ? raw.text : "";
    }
  }
  return null;
}

const COMMERCE = /COMMERCE|SHOP|PRODUCT|PAYMENT|TIP|STORE|CHECKOUT|DONAT|SUPPORT_ME|REQUEST/;
const FORM = /FORM|SIGNUP|SIGN_UP|SUBSCRIBE|CONTACT|COLLECT/;
const EMBED = /VIDEO|MUSIC|YOUTUBE|SPOTIFY|SOUNDCLOUD|VIMEO|TWITCH|TIKTOK_EMBED|PODCAST/;

export function readLinktree(html: string): ImportedPage {
  const json = nextDataOf(html);
  if (json === null) throw badRequest("body", "This HTML has no Linktree page data (no <script id=\"__NEXT_DATA__\">). Save the public page (linktr.ee/yourname) from the browser as \"Web page, HTML only\" and upload that file.");
  if (jsonDepth(json, MAX_DEPTH) > MAX_DEPTH) throw badRequest("body", "The Linktree page data is nested too deeply to read.");
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw badRequest("body", "The Linktree page data (__NEXT_DATA__) is not valid JSON.");
  }
  const parsed = NextData.safeParse(data);
  if (!parsed.success) throw badRequest("body", "The page data has no Linktree profile (props.pageProps.account): is this a Linktree page?");
  const account = parsed.data.props.pageProps.account;
  const page = newPage("linktree");
  const handle = clip(account.username, 100);
  page.profile = { name: clip(account.pageTitle, 200) ?? (handle ? `@${handle}` : undefined), handle, bio: clip(account.description, 1000) };
  setAvatar(page, account.profilePictureUrl);

  const links = (account.links ?? []).map((value, index) => ({ link: Link.safeParse(value), index }));
  links.sort((a, b) => (a.link.data?.position ?? a.index) - (b.link.data?.position ?? b.index) || a.index - b.index);
  for (const { link } of links) {
    if (!link.success) {
      page.skipped.push({ kind: "unknown", title: "(unreadable)", reason: "A block whose data could not be read." });
      continue;
    }
    const { type, title, url } = link.data;
    const kind = (type ?? "CLASSIC").toUpperCase();
    const name = clip(title, 300);
    if (kind === "HEADER") addHeader(page, title);
    else if (COMMERCE.test(kind)) page.skipped.push({ kind: kind.toLowerCase(), title: name ?? "(untitled)", reason: "A shop or payment block: Hop pages sell nothing; link to your shop with a button instead." });
    else if (FORM.test(kind)) page.skipped.push({ kind: kind.toLowerCase(), title: name ?? "(untitled)", reason: "A Linktree form: add Hop's contact block in the editor if you need one." });
    else if (EMBED.test(kind)) addMedia(page, title, url, kind.toLowerCase());
    else addLink(page, title, url, kind.toLowerCase());
  }
  for (const value of account.socialLinks ?? []) {
    const social = Social.safeParse(value);
    if (social.success) addSocial(page, social.data.type, social.data.url);
    else page.skipped.push({ kind: "social", title: "(unreadable)", reason: "A social icon whose data could not be read." });
  }
  assertSomething(page, "the Linktree page");
  return page;
}
