import { externalScript, inlineElement, type CspSources, type InlineGrant } from "../html/page";
import { obj, str } from "./data";

// The page owner's own analytics tags (advanced.googleTag, advanced.facebookPixel). Only ids of
// the vendors' exact formats are used, never markup from the data, and the vendors' hosts are
// added to that page's Content-Security-Policy only when a tag is present.

export const GOOGLE_TAG = /^(G|GT|AW|DC|UA)-[A-Z0-9]{4,16}(-\d{1,4})?$/i;
export const PIXEL = /^\d{8,20}$/;

export interface TrackingTags {
  googleTag: string | null;
  facebookPixel: string | null;
}

export function trackingTags(data: unknown): TrackingTags {
  const advanced = obj(obj(data).advanced);
  const google = str(advanced.googleTag).trim();
  const pixel = str(advanced.facebookPixel).trim();
  return { googleTag: GOOGLE_TAG.test(google) ? google.toUpperCase() : null, facebookPixel: PIXEL.test(pixel) ? pixel : null };
}

export function trackingCsp(tags: TrackingTags): CspSources {
  const script: string[] = [];
  const connect: string[] = [];
  if (tags.googleTag) {
    script.push("https://www.googletagmanager.com");
    connect.push("https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com");
  }
  if (tags.facebookPixel) {
    script.push("https://connect.facebook.net");
    connect.push("https://www.facebook.com", "https://connect.facebook.net");
  }
  return { script, connect };
}

/** The vendors' standard snippets, with the ids validated above, allowed by the page's nonce or hashes. */
export function trackingMarkup(tags: TrackingTags, grant: InlineGrant): string {
  let out = "";
  if (tags.googleTag) {
    const id = tags.googleTag;
    out += externalScript(grant, `https://www.googletagmanager.com/gtag/js?id=${id}`);
    out += inlineElement(grant, "script", `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag("js",new Date());gtag("config","${id}")`);
  }
  if (tags.facebookPixel) {
    out += inlineElement(grant, "script", `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version="2.0";n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,"script","https://connect.facebook.net/en_US/fbevents.js");fbq("init","${tags.facebookPixel}");fbq("track","PageView")`);
  }
  return out;
}
