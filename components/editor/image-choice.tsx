"use client";

import { useRef, useState } from "react";
import { FileDrop } from "@/components/ui/file-drop";
import { send } from "@/components/ui/request";
import { MAX_UPLOAD_BYTES, ownImageKey, UPLOAD_FORMATS } from "@/lib/images/image-address";
import { TextField } from "./fields";

// A picture of the page (the avatar, the sharing picture): a file uploaded to this draft
// (re-encoded by the server, served from the page's own host) or an https address. The file is
// checked here first for what the browser can tell (size, SVG), so the common mistakes answer at
// once; the server checks again from the bytes.

const ACCEPT = "image/jpeg,image/png,image/webp,image/gif";
const HINT = `${UPLOAD_FORMATS}, up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. It is resized and its metadata (location, camera) removed.`;

function fileProblem(file: File): string | null {
  if (file.type === "image/svg+xml" || /\.svg$/i.test(file.name)) return `SVG images can't be uploaded: use a ${UPLOAD_FORMATS} image.`;
  if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; images can be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;
  return null;
}

interface ImageChoiceProps {
  /** The prefix of the controls' ids (`<id>-upload`, `<id>-value`). */
  id: string;
  label: string;
  /** The chosen picture's text alternative in the form. */
  alt: string;
  /** What the picture is for, before the formats. */
  hint?: string;
  /** A wide picture (the sharing card): its thumbnail is a rectangle, not a circle. */
  wide?: boolean;
  draftId: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

export function ImageChoice({ id, label, alt, hint, wide, draftId, value, error, onChange }: ImageChoiceProps) {
  const [state, setState] = useState<{ busy: boolean; problem: string | null }>({ busy: false, problem: null });
  const input = useRef<HTMLInputElement>(null);
  const uploaded = ownImageKey(value) !== null;

  async function upload(file: File | undefined) {
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) return setState({ busy: false, problem });
    setState({ busy: true, problem: null });
    const result = await send<{ url: string }>("POST", `/api/dashboard/drafts/${draftId}/images`, file);
    if (input.current) input.current.value = "";
    if (!result.ok) return setState({ busy: false, problem: result.error.message });
    setState({ busy: false, problem: null });
    onChange(result.data.url);
  }

  const problem = state.problem ?? (uploaded ? error : undefined);
  return (
    <div className="ed-field ed-image-choice">
      <span className="field-label" id={`${id}-upload-label`}>
        {label}
      </span>
      {uploaded ? (
        <div className={wide ? "ed-image-chosen ed-image-chosen-wide" : "ed-image-chosen"}>
          {/* eslint-disable-next-line @next/next/no-img-element -- the page's own picture, as visitors get it */}
          <img src={value} alt={alt} width={wide ? 96 : 48} height={48} />
          <span className="field-hint">Uploaded</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange("")}>
            Remove
          </button>
        </div>
      ) : null}
      <FileDrop
        id={`${id}-upload`}
        ref={input}
        accept={ACCEPT}
        disabled={state.busy}
        prompt={state.busy ? "Uploading…" : value ? "Drop another picture here, or choose a file" : "Drop a picture here, or choose a file"}
        labelledBy={`${id}-upload-label`}
        describedBy={problem ? `${id}-upload-error` : `${id}-upload-hint`}
        onFile={upload}
      />
      {problem ? (
        <p className="field-error" id={`${id}-upload-error`} role="alert">
          {problem}
        </p>
      ) : (
        <p className="field-hint" id={`${id}-upload-hint`}>
          {hint ? `${hint} ${HINT}` : HINT}
        </p>
      )}
      <TextField
        id={`${id}-value`}
        label="Or an image address"
        value={uploaded ? "" : value}
        placeholder="https://example.com/photo.jpg"
        error={uploaded ? undefined : error}
        maxLength={2000}
        onChange={onChange}
      />
    </div>
  );
}
