import net from "node:net";

// HTTP/1.1 written byte for byte over a socket, for what fetch and node:http will not send: CONNECT
// and methods Node's parser refuses, request targets that are not normalised, bodies streamed
// chunked with no Content-Length. The answer is read as far as it came (a dropped connection with
// no answer is an error); a body still being sent stops as soon as the answer begins, as a browser
// would stop an upload the server refused.

export interface RawRequest {
  method: string;
  /** The request-target exactly as sent (a path with its query, or `host:port` for CONNECT). */
  target: string;
  headers?: Record<string, string>;
  /** Sent with Content-Length. */
  body?: Buffer | string;
  /** A body of this many bytes streamed in chunks, without Content-Length. */
  chunkedBytes?: number;
}

export interface RawAnswer {
  status: number;
  /** Lower-case names; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  text: string;
  json: any;
}

const PIECE = 64 * 1024;

/** The answer in `data` when it is whole (for HEAD, the head is the answer), else null. */
function parseAnswer(data: Buffer, method: string, final: boolean): RawAnswer | null {
  const headEnd = data.indexOf("\r\n\r\n");
  if (headEnd === -1) return null;
  const [statusLine, ...lines] = data.subarray(0, headEnd).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const rest = data.subarray(headEnd + 4);
  let body: Buffer | null;
  if (method === "HEAD" || status === 204 || status === 304) body = Buffer.alloc(0);
  else if (/chunked/i.test(headers["transfer-encoding"] ?? "")) body = dechunk(rest);
  else if (headers["content-length"] !== undefined) {
    const length = Number(headers["content-length"]);
    body = rest.length >= length ? rest.subarray(0, length) : null;
  } else body = final ? rest : null;
  if (body === null) {
    if (!final) return null;
    body = rest;
  }
  const text = body.toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, headers, text, json };
}

/** A chunked body decoded, or null until its last chunk has come. */
function dechunk(data: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd === -1) return null;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (Number.isNaN(size)) return Buffer.concat(parts);
    if (size === 0) return Buffer.concat(parts);
    if (data.length < lineEnd + 2 + size + 2) return null;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Sends one request on a fresh connection and reads its answer; rejects on no answer within `timeoutMs`. */
export function exchange(port: number, request: RawRequest, timeoutMs = 20_000): Promise<RawAnswer> {
  const headerLines = [`${request.method} ${request.target} HTTP/1.1`, `host: 127.0.0.1:${port}`, "connection: close"];
  for (const [name, value] of Object.entries(request.headers ?? {})) headerLines.push(`${name}: ${value}`);
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  if (body) headerLines.push(`content-length: ${body.length}`);
  if (request.chunkedBytes !== undefined) headerLines.push("transfer-encoding: chunked");
  const head = Buffer.from(`${headerLines.join("\r\n")}\r\n\r\n`, "latin1");
  const label = `${request.method} ${request.target.slice(0, 160)}`;

  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    let answered = false;
    let settled = false;
    const socket = net.connect(port, "127.0.0.1");
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const answer = parseAnswer(Buffer.concat(received), request.method, true);
      if (answer && answer.status) resolve(answer);
      else reject(new Error(`${label}: the connection closed without an answer${error ? ` (${error.message})` : ""}`));
    };
    const timer = setTimeout(() => {
      settled = true;
      socket.destroy();
      reject(new Error(`${label}: no answer in ${timeoutMs / 1000} s`));
    }, timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      answered = true;
      received.push(chunk);
      if (parseAnswer(Buffer.concat(received), request.method, false)) finish();
    });
    socket.on("end", () => finish());
    socket.on("close", () => finish());
    socket.on("error", (error) => finish(error));

    /** Writes `data` in pieces, waiting for the socket to drain, until the answer begins. */
    const stream = async (pieces: Iterable<Buffer>) => {
      for (const piece of pieces) {
        if (answered || settled || socket.destroyed) return;
        if (!socket.write(piece)) await new Promise((r) => socket.once("drain", r).once("close", r));
      }
    };
    socket.once("connect", () => {
      void (async () => {
        await stream([head]);
        if (body) await stream(slices(body));
        if (request.chunkedBytes !== undefined) await stream(chunks(request.chunkedBytes));
      })();
    });
  });
}

function* slices(body: Buffer): Generator<Buffer> {
  for (let at = 0; at < body.length; at += PIECE) yield body.subarray(at, at + PIECE);
}

/** A JSON string member `total` bytes long, framed as chunks, then the last chunk. */
function* chunks(total: number): Generator<Buffer> {
  const frame = (data: Buffer) => Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]);
  const piece = frame(Buffer.alloc(PIECE, 0x61));
  yield frame(Buffer.from('{"a":"'));
  for (let sent = 0; sent < total; sent += PIECE) yield piece;
  yield frame(Buffer.from('"}'));
  yield Buffer.from("0\r\n\r\n");
}
