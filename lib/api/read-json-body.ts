import { HopError } from "../errors";
import { readBodyText, streamChunks } from "../http/read-body";
import { jsonDepth, MAX_JSON_DEPTH } from "../validation/json-depth";

export const MAX_BODY_BYTES = 1_000_000;

function tooLarge(): HopError {
  return new HopError("invalid_request", { status: 413, message: `The body is larger than ${MAX_BODY_BYTES} bytes.` });
}

/**
 * A /v1 request's JSON body: the Content-Length is checked first, then the body is read in chunks
 * and refused at the limit (a chunked body has no length to check), then its nesting is measured
 * before it is parsed.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new HopError("invalid_request", { message: "The body must be JSON sent with 'Content-Type: application/json'." });
  }
  const text = request.body ? await readBodyText(streamChunks(request.body), MAX_BODY_BYTES) : "";
  if (text === null) throw tooLarge();
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new HopError("invalid_request", { message: `The body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.` });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HopError("invalid_request", { message: "The body is not valid JSON." });
  }
}
