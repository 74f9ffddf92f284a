import { recordVisit, type BotReason, type VisitInput } from "../events/record";
import type { UaInfo } from "../ua/classify";
import { header, type VisitRequest } from "./respond";
import { visitorOfDay } from "./visitor-day";

// A view as the visitor path records it once its answer was written: a person's gets the
// visitor's daily pseudonym (unique visitors, docs/events.md), a bot's none. A burst from one
// visitor (same address and agent within the day) reuses the last pseudonym: one SHA-256 per
// visitor, not per visit (docs/decisions/025-no-allocation-per-visit.md).

export interface ViewInput extends VisitInput {
  /** The client's address and agent: read for the pseudonym, never stored. */
  ip: string | null;
  userAgent: string | undefined;
}

const DAY_MS = 86_400_000;
const last = { ip: "", userAgent: undefined as string | undefined, day: -1, visitor: "" };

function pseudonymOf(ip: string, userAgent: string | undefined, at: number): string {
  const day = Math.floor(at / DAY_MS);
  if (ip === last.ip && userAgent === last.userAgent && day === last.day) return last.visitor;
  const visitor = visitorOfDay(ip, userAgent, at);
  last.ip = ip;
  last.userAgent = userAgent;
  last.day = day;
  last.visitor = visitor;
  return visitor;
}

/** Records the view (a plain function: afterSent runs it with the view, no closure per visit). */
export function recordView(view: ViewInput): void {
  const at = typeof view.at === "number" ? view.at : view.at.getTime();
  view.visitor = view.bot || !view.ip ? null : pseudonymOf(view.ip, view.userAgent, at);
  recordVisit(view);
}

/**
 * Why a request is not a person's view (docs/events.md, "People and bots"): a HEAD, a browser's
 * prefetch (`Sec-Purpose`, `Purpose` or `X-Moz: prefetch`), or the agent's own reason; null for a person.
 */
export function botReasonOf(req: VisitRequest, ua: UaInfo): BotReason | null {
  if (req.method === "HEAD") return "head";
  const headers = req.headers;
  if (headers["sec-purpose"] !== undefined || headers.purpose !== undefined || headers["x-moz"] !== undefined) {
    if (/prefetch/i.test(`${header(headers, "sec-purpose") ?? ""} ${header(headers, "purpose") ?? ""} ${header(headers, "x-moz") ?? ""}`)) return "prefetch";
  }
  return ua.bot;
}
