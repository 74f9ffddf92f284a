import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { config } from "../config";
import { isNonPublicAddress, publicLookup } from "./outbound-address";

// One request out of Hop to an address a customer chose (a webhook's receiver, a link's
// destination), through the address guard of outbound-address.ts: an IP literal is judged here,
// a name on the address the connection is made to. Redirects are never followed here: a caller
// that follows them sends each hop through this again, so each is judged.

/** The most of an answer that is read; the rest is never taken off the socket. */
export const ANSWER_READ_CAP = 64 * 1024;

export type OutboundResult = { status: number; location: string | null } | { error: string };

export interface OutboundOptions {
  method: "POST" | "HEAD" | "GET";
  headers: Record<string, string>;
  body?: string;
  /** Milliseconds of silence before giving up. */
  idleMs: number;
  /** Milliseconds in all, from the connection to the answer's last byte read. */
  deadlineMs: number;
  /** Ends the request at once (a stopping server). */
  signal?: AbortSignal;
}

/**
 * One request with two clocks (silence and the whole), reading at most ANSWER_READ_CAP bytes of
 * the answer: past it the status stands and the connection is closed (a 200 MB answer costs 64 KB).
 */
export function outboundRequest(url: string, options: OutboundOptions): Promise<OutboundResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ error: "the URL is not valid" });
    }
    if (target.protocol !== "http:" && target.protocol !== "https:") return resolve({ error: "not an http(s) URL" });
    const host = target.hostname.replace(/^\[|\]$/g, "");
    if (isIP(host) && !config().webhookAllowPrivate && isNonPublicAddress(host)) return resolve({ error: `${host} is not a public address` });
    const { idleMs, deadlineMs, body } = options;
    if (deadlineMs <= 0) return resolve({ error: "no time left" });
    if (options.signal?.aborted) return resolve({ error: "stopped" });
    let settled = false;
    const settle = (result: OutboundResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      options.signal?.removeEventListener("abort", onAbort);
      resolve(result);
      req.destroy();
    };
    const client = target.protocol === "https:" ? https : http;
    const headers = body === undefined ? options.headers : { ...options.headers, "content-length": String(Buffer.byteLength(body)) };
    const req = client.request(target, { method: options.method, headers, agent: false, lookup: publicLookup as never, timeout: idleMs }, (res) => {
      const answer = { status: res.statusCode ?? 0, location: typeof res.headers.location === "string" ? res.headers.location : null };
      let read = 0;
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read >= ANSWER_READ_CAP) settle(answer);
      });
      res.on("end", () => settle(answer));
      res.on("error", () => settle(answer));
      res.on("aborted", () => settle({ error: "the answer was cut off" }));
    });
    const deadline = setTimeout(() => settle({ error: `no complete answer within ${deadlineMs} ms` }), deadlineMs);
    deadline.unref();
    req.on("timeout", () => settle({ error: `no answer within ${idleMs} ms` }));
    req.on("error", (error) => settle({ error: error.message.slice(0, 300) }));
    const onAbort = () => settle({ error: "stopped" });
    options.signal?.addEventListener("abort", onAbort, { once: true });
    req.end(body);
  });
}
