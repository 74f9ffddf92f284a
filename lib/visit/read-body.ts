import type { IncomingMessage } from "node:http";

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
