"use client";

import { useEffect, useState } from "react";
import type { Edit } from "./use-autosave";

// The live preview: the model as typed, rendered by the server's visitor renderer a moment after
// the last keystroke (independent of saving, so it also follows edits made while offline fails).

const PREVIEW_DEBOUNCE_MS = 150;

/** `at`: an ISO instant to draw the page at (scheduled blocks), or undefined for now. */
export function usePreview(draftId: string, edit: Edit, nonce: string, at?: string) {
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/dashboard/drafts/${draftId}/preview`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ semantic: edit.model, templateId: edit.templateId, nonce, at }),
          signal: controller.signal,
        });
        if (response.ok) {
          setHtml(await response.text());
          setFailed(null);
        } else {
          const body = (await response.json().catch(() => ({}))) as { message?: string; error?: { message?: string } | string };
          setFailed(typeof body.error === "object" ? (body.error.message ?? "The preview could not be drawn.") : (body.message ?? "The preview could not be drawn."));
        }
      } catch (error) {
        if ((error as Error).name !== "AbortError") setFailed("Offline: the preview updates when the connection is back.");
      }
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [draftId, edit, nonce, at]);
  return { html, failed };
}
