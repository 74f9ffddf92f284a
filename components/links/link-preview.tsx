"use client";

import { useState } from "react";
import { normalizeHttpUrl } from "@/lib/links/http-url";
import type { LinkFormState } from "./link-form-model";

/**
 * How the short link looks when shared (Slack, WhatsApp, X …), drawn from the form as it is typed:
 * the preview image, the SEO title and description, falling back to the destination's host.
 */
export function LinkPreview({ state }: { state: LinkFormState }) {
  const destination = normalizeHttpUrl(state.url.trim());
  const host = destination ? new URL(destination).hostname : null;
  const image = state.seoImage.trim() ? normalizeHttpUrl(state.seoImage.trim()) : null;
  // An image that does not load (a typo, a host that is down) shows the placeholder instead.
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <aside className="link-preview form-grid-wide" aria-label="Preview when shared">
      <p className="field-label">Preview when shared</p>
      <div className="link-preview-card">
        {image && failed !== image ? (
          // eslint-disable-next-line @next/next/no-img-element -- the customer's own image, any https host
          <img className="link-preview-image" src={image} alt="" onError={() => setFailed(image)} />
        ) : (
          <div className="link-preview-image link-preview-blank" aria-hidden="true">
            {image ? "The image did not load" : (host ?? "No image")}
          </div>
        )}
        <div className="link-preview-text">
          <span className="link-preview-host">{state.domain}</span>
          <strong className="link-preview-title">{state.title.trim() || host || "The page's title"}</strong>
          <span className="link-preview-description">{state.description.trim() || (host ? `A link to ${host}` : "Add a destination to see the preview.")}</span>
        </div>
      </div>
    </aside>
  );
}
