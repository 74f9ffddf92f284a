import { ServerResponse, STATUS_CODES, validateHeaderName, validateHeaderValue, type IncomingMessage } from "node:http";
import { log } from "../log";

// A kept response (a published bio page, the escape page, the visitor 404) as the bytes Node would
// send for it: status line, headers and body joined once per second (the Date header changes each
// second), written with one `end()`. Node's own path validates and joins every header on every
// response and writes the head (a string, encoded per write) and the body as two chunks: for a
// 3 KB page that was ~4 µs of a ~27 µs response (docs/decisions/021-kept-pages-and-one-write-per-turn.md).
//
// This touches two of Node's internal fields, `_header` and `_headerSent` (in every Node since
// 0.x; `headersSent` reads the first): set before `end(bytes)`, Node writes `bytes` as the whole
// response, in order behind a pipelined request's earlier answer, and finishes the response as
// usual (keep-alive timer, next request). The fields are checked once when this module loads (a
// Node whose responses lack them gets one warning and only the public path), and a response is
// written this way only when Node would have sent exactly these bytes: a GET on a keep-alive
// connection of a server with KEEP_ALIVE_MS and no request cap. Anything else (HEAD,
// `Connection: close`, HTTP/1.0) takes the public path, `writeHead` + `end`, as does every
// response with HOP_WORKAROUND_PREPARED_RESPONSE=off (lib/visit/respond.ts reads it).

/** The server's keep-alive timeout (server.ts sets it; the kept bytes name it in Keep-Alive). */
export const KEEP_ALIVE_MS = 65_000;

export interface PreparedResponse {
  readonly status: number;
  /** Frozen: the same object for every response (Node's own path writes them when this one can't). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** Status line and headers, without Date, Connection and the blank line. */
  readonly head: string;
  /** The whole response for the Date of `second` (0: none built yet). */
  bytes: Buffer | undefined;
  second: number;
}

/** What of a ServerResponse this module reads and sets (Node's own fields, see above). */
interface NodeResponse {
  req: IncomingMessage;
  statusCode: number;
  sendDate: boolean;
  shouldKeepAlive: boolean;
  maxRequestsOnConnectionReached?: boolean;
  _header: string | null;
  _headerSent: boolean;
  _defaultKeepAlive: boolean;
  _keepAliveTimeout?: number;
  _maxRequestsPerSocket?: number;
}

function freshResponse(): NodeResponse {
  return new ServerResponse({ method: "GET", httpVersionMajor: 1, httpVersionMinor: 1, headers: {} } as IncomingMessage) as unknown as NodeResponse;
}

/**
 * The start-up self-test: a fresh response of this Node has the private fields this module sets,
 * with the values it assumes. When not, one warning, and every response takes the public path.
 */
export function checkPreparedResponse(probe: object = freshResponse()): boolean {
  const res = probe as Partial<NodeResponse>;
  fits = res._header === null && res._headerSent === false && res._defaultKeepAlive === true && res.shouldKeepAlive === true && res.sendDate === true;
  if (!fits) log.warn("workaround not installed: this Node's responses lack the fields it sets", { workaround: "HOP_WORKAROUND_PREPARED_RESPONSE" });
  return fits;
}

let fits = false;
checkPreparedResponse();
const CONNECTION = `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(KEEP_ALIVE_MS / 1000)}\r\n\r\n`;

// Node's own Date header is cached per second the same way (a timer clears it at the next second);
// `second` counts the lines made, so a wire built for an older one is rebuilt.
let dateLine = "";
let second = 0;

function refreshDate(): void {
  if (dateLine !== "") return;
  const now = new Date();
  dateLine = `Date: ${now.toUTCString()}\r\n`;
  second += 1;
  setTimeout(() => (dateLine = ""), 1000 - now.getMilliseconds()).unref();
}

/** The kept response's wire form; headers are validated here, once, as Node would per response. */
export function preparedResponse(status: number, headers: Record<string, string>, body: Buffer): PreparedResponse {
  if (headers["content-length"] !== String(body.length)) throw new Error("a kept response names its length");
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "unknown"}\r\n`;
  for (const [name, value] of Object.entries(headers)) {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    head += `${name}: ${value}\r\n`;
  }
  return { status, headers: Object.freeze(headers), body, head, bytes: undefined, second: 0 };
}

/** Writes the kept response in one piece; false when Node would send other bytes (nothing written). */
export function writePreparedResponse(response: ServerResponse, wire: PreparedResponse): boolean {
  const res = response as unknown as NodeResponse;
  if (!fits || res._header !== null || res.req.method !== "GET" || !res.shouldKeepAlive || res.maxRequestsOnConnectionReached || !res.sendDate) return false;
  if (res._keepAliveTimeout !== KEEP_ALIVE_MS || (res._maxRequestsPerSocket ?? 0) > 0 || !res._defaultKeepAlive) return false;
  refreshDate();
  if (wire.second !== second) {
    wire.bytes = Buffer.concat([Buffer.from(wire.head + dateLine + CONNECTION, "latin1"), wire.body]);
    wire.second = second;
  }
  res.statusCode = wire.status;
  res._header = wire.head;
  res._headerSent = true;
  response.end(wire.bytes!);
  return true;
}
