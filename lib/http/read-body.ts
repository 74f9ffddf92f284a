// Request bodies are read in chunks and counted as they arrive, so a body without Content-Length
// (chunked) is refused once it passes the limit instead of being held whole in memory first.

/** The body's bytes, or null as soon as it is larger than `maxBytes` (read no further). */
export async function readBodyBytes(chunks: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Buffer | null> {
  let size = 0;
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > maxBytes) return null;
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

/** Whether the request's declared Content-Length passes `maxBytes` (judged before any byte is read). */
export function declaresMoreThan(request: Request, maxBytes: number): boolean {
  return !(Number(request.headers.get("content-length") ?? 0) <= maxBytes);
}

/**
 * A web request's body (empty when there is none), or null when it is larger than `maxBytes`: a
 * declared Content-Length is judged before any byte is read, a chunked body as soon as it passes.
 */
export async function readRequestBytes(request: Request, maxBytes: number): Promise<Buffer | null> {
  if (declaresMoreThan(request, maxBytes)) return null;
  return request.body ? readBodyBytes(streamChunks(request.body), maxBytes) : Buffer.alloc(0);
}

/** The body as UTF-8 text (invalid sequences become U+FFFD), or null past `maxBytes`. */
export async function readBodyText(chunks: AsyncIterable<Uint8Array>, maxBytes: number): Promise<string | null> {
  const bytes = await readBodyBytes(chunks, maxBytes);
  return bytes === null ? null : bytes.toString("utf8");
}

/**
 * A web stream's chunks. Stopping early releases the stream without cancelling it: cancelling would
 * destroy the socket under the answer still to be written; the server discards what is left.
 */
export async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
