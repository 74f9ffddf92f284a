import { shared } from "../shared";

// A /v1 operation run from inside the process (the MCP server at /mcp builds the operation's Request
// and calls its route) carries what it is here, never in a header: a client cannot claim to be
// such a call, and the handler reads where it came from (`via`) and whether it is a dry run.

export type Via = "api" | "mcp";

export interface InternalCall {
  via: Via;
  /** Run every check up to the operation's handler (key, plan, rate limit, role, body, validation), then answer what was checked instead. */
  dryRun: boolean;
}

/** One table for both copies of lib/ (lib/shared.ts): the Request objects themselves are the keys. */
const calls = shared("api.internal-calls", () => new WeakMap<Request, InternalCall>());

export function markInternalCall(request: Request, call: InternalCall): Request {
  calls.set(request, call);
  return request;
}

/** What the handler knows of a request's origin: a client's request is `{ via: "api", dryRun: false }`. */
export function internalCallOf(request: Request): InternalCall {
  return calls.get(request) ?? { via: "api", dryRun: false };
}
