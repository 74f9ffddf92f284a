// User content reaches HTML only through these: text escaped, links limited to safe schemes.

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (ch) => ESCAPES[ch]);
}

/** Whether a link may reach a visitor page: http(s), mailto and tel only. */
export function isSafeHref(value: string): boolean {
  return /^(https?:\/\/|mailto:|tel:)/i.test(value);
}

/** Only http(s), mailto and tel links reach a page; anything else becomes "#". */
export function safeHref(value: unknown): string {
  const text = String(value ?? "").trim();
  return isSafeHref(text) ? escapeHtml(text) : "#";
}
