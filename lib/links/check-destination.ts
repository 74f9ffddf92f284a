import { outboundRequest, type OutboundResult } from "../webhooks/outbound-request";
import type { HealthState } from "./link-health";

// One check of a destination, for the link-health sweep (never on the visitor path). Through the
// webhooks' address guard (WEBHOOK_ALLOW_PRIVATE opens it to private addresses for both): HEAD
// first, GET when HEAD is refused (405, 501), at most MAX_REDIRECTS redirects followed, each hop
// judged by the guard again, DEADLINE_MS for the whole chain, at most 64 KB of a GET's body read.

export const MAX_REDIRECTS = 5;
export const DEADLINE_MS = 10_000;
const HEAD_REFUSED = new Set([405, 501]);
// Answers that say "not for you", not "not here": a login wall or a robot filter has a page behind it.
const NOT_FOR_ROBOTS = new Set([401, 403, 429]);
const HEADERS = { "user-agent": "Hop-LinkCheck/1 (link health; docs/link-health.md)", accept: "*/*" };

export interface CheckResult {
  state: Exclude<HealthState, "unchecked">;
  status: number | null;
  error: string | null;
  finalUrl: string | null;
}

/** HEAD, then GET when HEAD is refused, within what is left of the deadline. */
async function ask(url: string, left: () => number, signal?: AbortSignal): Promise<OutboundResult> {
  const head = await outboundRequest(url, { method: "HEAD", headers: HEADERS, idleMs: left(), deadlineMs: left(), signal });
  if (!("status" in head) || !HEAD_REFUSED.has(head.status)) return head;
  return outboundRequest(url, { method: "GET", headers: HEADERS, idleMs: left(), deadlineMs: left(), signal });
}

/** What the destination answers now: ok, redirected (to another origin) or broken. */
export async function checkDestination(destination: string, { deadlineMs = DEADLINE_MS, signal }: { deadlineMs?: number; signal?: AbortSignal } = {}): Promise<CheckResult> {
  const started = Date.now();
  const left = () => deadlineMs - (Date.now() - started);
  const origin = new URL(destination).origin;
  const elsewhere = (url: string) => (new URL(url).origin !== origin ? url : null);
  let url = destination;
  for (let hops = 0; ; hops += 1) {
    const answer = await ask(url, left, signal);
    if ("error" in answer) {
      const error = left() <= 0 ? `no complete answer within ${deadlineMs / 1000} s` : answer.error;
      return { state: "broken", status: null, error, finalUrl: elsewhere(url) };
    }
    const { status, location } = answer;
    if (status >= 300 && status < 400 && location) {
      if (hops === MAX_REDIRECTS) return { state: "broken", status, error: `more than ${MAX_REDIRECTS} redirects`, finalUrl: elsewhere(url) };
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        return { state: "broken", status, error: "redirects to an address that is not a URL", finalUrl: elsewhere(url) };
      }
      // An app's own scheme (myapp://…) ends the chain where a browser would hand over to the app.
      if (next.protocol !== "http:" && next.protocol !== "https:") return { state: "redirected", status, error: null, finalUrl: next.href };
      url = next.href;
      continue;
    }
    const finalUrl = elsewhere(url);
    if (status >= 400 && !NOT_FOR_ROBOTS.has(status)) return { state: "broken", status, error: null, finalUrl };
    return { state: finalUrl ? "redirected" : "ok", status, error: null, finalUrl };
  }
}
