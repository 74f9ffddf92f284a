import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { HopError } from "../errors";
import { answersJson, pageMethodsOf } from "./request-surface";
import { BAD_METHOD_PAGE, BAD_REQUEST_PAGE, HTML, JSON_TYPE, PAGE_CSP } from "./small-pages";

// Requests Node hands to the server's own events, never to Next: CONNECT, and what its HTTP parser
// refuses. Answered here in the same shapes as everything else (JSON under /v1, /api and /mcp, a
// small page elsewhere), written to the socket itself; the connection closes after the answer.

/** A whole answer, for a socket Node took away from the HTTP server. */
function rawAnswer(status: string, contentType: string, body: string, headers: Record<string, string> = {}): string {
  const lines = [`HTTP/1.1 ${status}`, `content-type: ${contentType}`, `content-length: ${Buffer.byteLength(body)}`, "connection: close"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

function jsonError(status: number, message: string): string {
  return JSON.stringify(new HopError("invalid_request", { status, message }).toBody());
}

/**
 * CONNECT (Node emits it apart from requests, and drops the connection when nobody listens). Hop
 * is no proxy: a page's path gets the pages' 405, anything else a JSON 400 — no route can be
 * reached by a tunnel request, so there is no Allow to name.
 */
export function answerConnect(req: IncomingMessage, socket: Duplex): void {
  const target = req.url ?? "";
  if (target.startsWith("/") && !answersJson(target)) {
    socket.end(rawAnswer("405 Method Not Allowed", HTML, BAD_METHOD_PAGE, { allow: pageMethodsOf(target).join(", "), "content-security-policy": PAGE_CSP }));
  } else {
    socket.end(rawAnswer("400 Bad Request", JSON_TYPE, jsonError(400, "CONNECT is not supported: this server is not a proxy.")));
  }
}

const PARSER_REFUSALS: Record<string, { status: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: "431 Request Header Fields Too Large", message: "The request headers are too large." },
  ERR_HTTP_REQUEST_TIMEOUT: { status: "408 Request Timeout", message: "The request was not received in time." },
};

/** The start of the path a request Node could not parse names (an unknown method, headers too large), when it can be read. */
function targetOf(rawPacket: unknown): string | null {
  if (!Buffer.isBuffer(rawPacket)) return null;
  return /^[A-Za-z]+ (\/[^ ?\r\n]*)/.exec(rawPacket.subarray(0, 2048).toString("latin1"))?.[1] ?? null;
}

/**
 * Requests Node's HTTP parser refuses (an unknown method such as FOO, a broken request line) never
 * reach a route; they get the answer Node would send, with a body in the API's error shape (a small
 * page when the request line names a page's path). As in Node's own handler, nothing is written
 * once a response on this socket has begun.
 */
export function answerUnparsableRequest(error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code !== "ECONNRESET" && socket.writable && !inFlight?.headersSent) {
    const refusal = PARSER_REFUSALS[error.code ?? ""] ?? { status: "400 Bad Request", message: "The request is not valid HTTP." };
    const target = targetOf(error.rawPacket);
    socket.write(
      target && !answersJson(target)
        ? rawAnswer(refusal.status, HTML, BAD_REQUEST_PAGE, { "content-security-policy": PAGE_CSP })
        : rawAnswer(refusal.status, JSON_TYPE, jsonError(Number(refusal.status.slice(0, 3)), refusal.message)),
    );
  }
  socket.destroy(error);
}
