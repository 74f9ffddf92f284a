import { db } from "../db/open";
import { errorFields, log } from "../log";
import { servedImageFile } from "./image-address";
import { readImageAcrossAccounts } from "./read-image-across-accounts";

// An uploaded picture as a visitor's browser fetches it: its address holds its content hash, so it
// is cached for a year and never revalidated; the answer is only ever an image (nosniff, and a
// policy that lets it run nothing if it is opened on its own).

const IMMUTABLE = "public, max-age=31536000, immutable";
const headersOf = (type: string) => ({
  "content-type": type,
  "cache-control": IMMUTABLE,
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
});

function notFound(): Response {
  return new Response("No such image.\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=60" } });
}

export async function serveImage(request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const wanted = servedImageFile((await context.params).file);
  if (!wanted) return notFound();
  const etag = `"${wanted.key}-${wanted.size}"`;
  try {
    const image = await readImageAcrossAccounts(await db(), wanted.key, wanted.size);
    if (!image) return notFound();
    if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: { etag, "cache-control": IMMUTABLE } });
    const body = request.method === "HEAD" ? null : new Uint8Array(image.data);
    return new Response(body, { headers: { ...headersOf(image.type), etag, "content-length": String(image.data.length) } });
  } catch (error) {
    log.error("image read failed", { key: wanted.key, ...errorFields(error) });
    return new Response("The image can't be read right now; try again shortly.\n", { status: 503, headers: { "content-type": "text/plain; charset=utf-8", "retry-after": "5" } });
  }
}
