import { AsyncLocalStorage } from "node:async_hooks";
import { shared } from "../shared";
import { NO_RESTRICTIONS, type KeyRestrictions } from "./restrictions";

// The API key a /v1 request runs as, for the code under the wrapper that must know it without
// every use case taking it as an argument: the link resolver and list queries (a restricted key
// sees only its groups' and domains' links) and the audit writer (who did it, and how). The
// wrapper sets it around the handler; outside a keyed request (the dashboard, the CLI) there is none.

export interface ActingKey {
  id: string;
  name: string;
  prefix: string;
  restrictions: KeyRestrictions;
  /** How the request came: "api" for /v1, "mcp" when the MCP server calls an operation (lib/api/internal-call.ts). */
  via: "api" | "mcp";
}

const store = shared("acting-key", () => new AsyncLocalStorage<ActingKey>());

export function runAsKey<T>(key: ActingKey, work: () => Promise<T>): Promise<T> {
  return store.run(key, work);
}

export function actingKey(): ActingKey | undefined {
  return store.getStore();
}

/** The restrictions of the key this code runs for; none outside a keyed request. */
export function currentRestrictions(): KeyRestrictions {
  return store.getStore()?.restrictions ?? NO_RESTRICTIONS;
}
