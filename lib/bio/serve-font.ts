import { servedFont } from "./fonts";

// A page font as the visitor's browser fetches it: the address holds the file's hash, so it is
// cached for a year and never revalidated; only ever a font (nosniff, nothing runs).

const IMMUTABLE = "public, max-age=31536000, immutable";

export async function serveFont(request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const bytes = servedFont((await context.params).file);
  if (!bytes) return new Response("No such font.\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=60" } });
  const headers = {
    "content-type": "font/woff2",
    "cache-control": IMMUTABLE,
    "x-content-type-options": "nosniff",
    "access-control-allow-origin": "*",
    "content-security-policy": "default-src 'none'; sandbox",
    "content-length": String(bytes.length),
  };
  return new Response(request.method === "HEAD" ? null : new Uint8Array(bytes), { headers });
}
