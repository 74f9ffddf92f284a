"use client";

import { forwardRef, useState } from "react";

// A file picker that is also a drop target: a dashed box the size of a short field, keyboard
// reachable through its (visually hidden) file input, named by the caller's label.
export const FileDrop = forwardRef<
  HTMLInputElement,
  { id: string; accept: string; prompt: string; labelledBy: string; describedBy?: string; disabled?: boolean; onFile: (file: File | undefined) => void }
>(function FileDrop({ id, accept, prompt, labelledBy, describedBy, disabled, onFile }, ref) {
  const [dragging, setDragging] = useState(false);
  return (
    <label
      className={`drop-zone${dragging ? " drop-zone-over" : ""}`}
      htmlFor={id}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!disabled) onFile(event.dataTransfer.files[0]);
      }}
    >
      <span>{prompt}</span>
      <input
        id={id}
        type="file"
        ref={ref}
        accept={accept}
        disabled={disabled}
        className="visually-hidden"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        onChange={(event) => onFile(event.target.files?.[0])}
      />
    </label>
  );
});
