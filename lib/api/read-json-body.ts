import { HopError } from "../errors";
import { declaresMoreThan, readRequestBytes } from "../http/read-body";
import { jsonDepth, MAX_JSON_DEPTH } from "../validation/json-depth";
import { duplicateMember } from "../validation/json-duplicates";

export const MAX_BODY_BYTES = 1_000_000;
const UTF8 = new TextDecoder("utf-8", { fatal: true });

function tooLarge(): HopError {
  return new HopError("invalid_request", { status: 413, message: `The body is larger than ${MAX_BODY_BYTES} bytes.` });
}

/**
 * A /v1 request's JSON body: the Content-Length is checked first, then the body is read in chunks
 * and refused at the limit (a chunked body has no length to check), then its nesting is measured
 * before it is parsed, and an object naming a member twice is refused.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  // Too large before wrongly typed: nothing of an oversized body is looked at.
  if (declaresMoreThan(request, MAX_BODY_BYTES)) throw tooLarge();
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new HopError("invalid_request", { message: "The body must be JSON sent with 'Content-Type: application/json'." });
  }
  const bytes = await readRequestBytes(request, MAX_BODY_BYTES);
  if (bytes === null) throw tooLarge();
  let text: string;
  try {
    // Strict: bytes that are not UTF-8 would otherwise reach the schema as U+FFFD, silently changed.
    text = UTF8.decode(bytes);
  } catch {
    throw new HopError("invalid_request", { message: "The body is not valid UTF-8." });
  }
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new HopError("invalid_request", { message: `The body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.` });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HopError("invalid_request", { message: "The body is not valid JSON." });
  }
  const twice = duplicateMember(text);
  if (twice !== null) throw new HopError("invalid_request", { message: `The body names '${twice.slice(0, 100)}' twice in one object; send each member once.` });
  return body;
}
