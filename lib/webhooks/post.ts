import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { config, tunable } from "../config";
import { isNonPublicAddress, publicLookup } from "./outbound-address";

/** The most of a receiver's answer that is read; the rest is never taken off the socket. */
export const ANSWER_READ_CAP = 64 * 1024;

export type PostResult = { status: number } | { error: string };

/**
 * One POST with two clocks: WEBHOOK_TIMEOUT_MS of silence, and WEBHOOK_DEADLINE_MS in all from the
 * connection to the answer's last byte, so a receiver that trickles its answer cannot hold a
 * delivery slot for longer. At most ANSWER_READ_CAP bytes of the answer are read: past it the
 * status stands and the connection is closed (a 200 MB answer costs 64 KB).
 */
export function post(url: string, headers: Record<string, string>, body: string): Promise<PostResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ error: "the URL is not valid" });
    }
    const host = target.hostname.replace(/^\[|\]$/g, "");
    if (isIP(host) && !config().webhookAllowPrivate && isNonPublicAddress(host)) return resolve({ error: `${host} is not a public address` });
    const idleMs = tunable("WEBHOOK_TIMEOUT_MS");
    const deadlineMs = tunable("WEBHOOK_DEADLINE_MS");
    let settled = false;
    const settle = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
      req.destroy();
    };
    const client = target.protocol === "https:" ? https : http;
    const req = client.request(target, { method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) }, agent: false, lookup: publicLookup as never, timeout: idleMs }, (res) => {
      const status = res.statusCode ?? 0;
      let read = 0;
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read >= ANSWER_READ_CAP) settle({ status });
      });
      res.on("end", () => settle({ status }));
      res.on("error", () => settle({ status }));
      res.on("aborted", () => settle({ error: "the answer was cut off" }));
    });
    const deadline = setTimeout(() => settle({ error: `no complete answer within ${deadlineMs} ms` }), deadlineMs);
    deadline.unref();
    req.on("timeout", () => settle({ error: `no answer within ${idleMs} ms` }));
    req.on("error", (error) => settle({ error: error.message.slice(0, 300) }));
    req.end(body);
  });
}
