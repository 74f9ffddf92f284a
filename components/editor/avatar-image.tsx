"use client";

import { useRef, useState } from "react";
import { FileDrop } from "@/components/ui/file-drop";
import { send } from "@/components/ui/request";
import { MAX_UPLOAD_BYTES, ownImageKey, UPLOAD_FORMATS } from "@/lib/images/image-address";
import { TextField } from "./fields";

// The avatar's picture: a file uploaded to this draft (re-encoded by the server, served from the
// page's own host) or an https address. The file is checked here first for what the browser can
// tell (size, SVG), so the common mistakes answer at once; the server checks again from the bytes.

const ACCEPT = "image/jpeg,image/png,image/webp,image/gif";
const HINT = `${UPLOAD_FORMATS}, up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. It is resized and its metadata (location, camera) removed.`;

function fileProblem(file: File): string | null {
  if (file.type === "image/svg+xml" || /\.svg$/i.test(file.name)) return `SVG images can't be uploaded: use a ${UPLOAD_FORMATS} image.`;
  if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; images can be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;
  return null;
}

export function AvatarImage({ draftId, value, error, onChange }: { draftId: string; value: string; error?: string; onChange: (value: string) => void }) {
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
    <div className="ed-field ed-avatar-image">
      <span className="field-label" id="ed-avatar-upload-label">
        Picture
      </span>
      {uploaded ? (
        <div className="ed-avatar-chosen">
          {/* eslint-disable-next-line @next/next/no-img-element -- the page's own picture, as visitors get it */}
          <img src={value} alt="The avatar picture" width={48} height={48} />
          <span className="field-hint">Uploaded</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange("")}>
            Remove
          </button>
        </div>
      ) : null}
      <FileDrop
        id="ed-avatar-upload"
        ref={input}
        accept={ACCEPT}
        disabled={state.busy}
        prompt={state.busy ? "Uploading…" : value ? "Drop another picture here, or choose a file" : "Drop a picture here, or choose a file"}
        labelledBy="ed-avatar-upload-label"
        describedBy={problem ? "ed-avatar-upload-error" : "ed-avatar-upload-hint"}
        onFile={upload}
      />
      {problem ? (
        <p className="field-error" id="ed-avatar-upload-error" role="alert">
          {problem}
        </p>
      ) : (
        <p className="field-hint" id="ed-avatar-upload-hint">
          {HINT}
        </p>
      )}
      <TextField
        id="ed-avatar-value"
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
