import { renderKeptWebsitePage, withoutScripts } from "../bio/render-page";
import { contentSecurityPolicy } from "../html/page";
import { DRAFT_TEMPLATES, isPublishableTemplate } from "../websites/designs";
import { GALLERY_SAMPLE } from "./starter-page";
import { semanticToData } from "./semantic-to-data";

// The design gallery's thumbnails (New page, the editor's Design tab): each draft design drawn by
// the visitors' own renderer with the gallery's sample content, so a thumbnail is exactly what a
// published page of that design looks like. Rendered once per design and kept (29 small pages at most).
// The dashboard frames them (sandboxed, no scripts), so their policy admits our own origin as the
// only ancestor; everything else is the bio pages' policy.

export interface DesignSample {
  html: string;
  csp: string;
}

const kept = new Map<string, DesignSample>();

/** The sample page of any design a website may have (the gallery offers the draft designs), or null. */
export function designSample(templateId: string): DesignSample | null {
  if (!isPublishableTemplate(templateId)) return null;
  let sample = kept.get(templateId);
  if (!sample) {
    const { html, hashes } = renderKeptWebsitePage({ publicId: "sample", url: "", templateId, data: semanticToData(GALLERY_SAMPLE, templateId), adultConfirmed: true, brandingUrl: "" });
    // The frame runs no scripts: the click beacon is left out, and so is any script in the policy.
    hashes.script.length = 0;
    const csp = contentSecurityPolicy(hashes).replace("frame-ancestors 'none'", "frame-ancestors 'self'");
    kept.set(templateId, (sample = { html: withoutScripts(html), csp }));
  }
  return sample;
}

export const GALLERY_DESIGNS: readonly string[] = DRAFT_TEMPLATES;
