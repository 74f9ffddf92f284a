"use client";

import { useState } from "react";

/** The time the preview draws the page at: shown when a block is scheduled. `value` is a datetime-local value; "" is now. */
export interface PreviewTime {
  value: string;
  onChange: (value: string) => void;
}

function PreviewAt({ value, onChange }: PreviewTime) {
  return (
    <div className="ed-preview-at">
      <label className="field-label" htmlFor="ed-preview-at">
        Preview the page at
      </label>
      <input id="ed-preview-at" className="input" type="datetime-local" value={value} onChange={(event) => onChange(event.target.value)} />
      {value ? (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange("")}>
          Back to now
        </button>
      ) : (
        <span className="field-hint">Now</span>
      )}
    </div>
  );
}

/**
 * The page as visitors get it, in a phone frame or at desktop width. The HTML comes from the
 * server's renderer; the frame is sandboxed (no scripts, no same-origin access, no navigation of
 * the editor), and the page's style carries the editor page's CSP nonce, which srcdoc inherits.
 */
export function PreviewPane({ html, failed, at }: { html: string | null; failed: string | null; at?: PreviewTime }) {
  const [device, setDevice] = useState<"phone" | "desktop">("phone");
  return (
    <div className="ed-preview">
      {at ? <PreviewAt {...at} /> : null}
      <div className="ed-preview-bar">
        <div className="ed-toggle" role="group" aria-label="Preview size">
          <button type="button" aria-pressed={device === "phone"} onClick={() => setDevice("phone")}>
            Phone
          </button>
          <button type="button" aria-pressed={device === "desktop"} onClick={() => setDevice("desktop")}>
            Desktop
          </button>
        </div>
        {failed ? (
          <p className="ed-preview-note" role="status">
            {failed}
          </p>
        ) : (
          <p className="ed-preview-note">Live preview</p>
        )}
      </div>
      <div className={`ed-device ed-device-${device}`}>
        {html === null ? (
          <div className="ed-preview-loading">Drawing the preview…</div>
        ) : (
          <iframe title="Page preview" className="ed-frame" sandbox="allow-popups allow-popups-to-escape-sandbox" srcDoc={html} data-testid="preview-frame" />
        )}
      </div>
    </div>
  );
}
