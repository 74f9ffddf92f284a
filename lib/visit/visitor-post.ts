import type { IncomingMessage } from "node:http";

// What the two visitor POST addresses (/__hop/click, /__hop/contact) share: a bounded body, and
// the rule that a page takes posts only on its own host.

/** A visitor request's body as text, or null when it is larger than `maxBytes` (read no further). */
export async function readBodyText(req: IncomingMessage, maxBytes: number): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Whether a page on `domain` answers this request's Host header (ports ignored on both). */
export function isPageHost(domain: string, hostHeader: string | undefined): boolean {
  return domain.replace(/:\d+$/, "") === (hostHeader ?? "").toLowerCase().replace(/:\d+$/, "");
}
