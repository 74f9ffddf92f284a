"use client";

import { useState } from "react";
import { CheckIcon, CopyIcon } from "../ui/icons";

/** The table's compact copy button: an icon, its name for screen readers, "Copied" announced. */
export function CopyIconButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm copy-icon"
      title={label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
        } catch {
          // Clipboard refused (permissions): the URL stays selectable in the cell.
        }
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
      <span className="visually-hidden">{copied ? "Copied" : label}</span>
    </button>
  );
}
