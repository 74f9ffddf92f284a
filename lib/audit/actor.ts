import { AsyncLocalStorage } from "node:async_hooks";
import { shared } from "../shared";

// Who is making the changes the running code writes (docs/decisions/032-audit-log.md). Each
// surface sets it once around its work: the /v1 wrapper (a key), the dashboard's route wrapper
// (a signed-in user), the operator CLI. The audit writer reads it, so no use case takes it as an
// argument. Code that runs with none (a background job) is recorded as the system.

export type AuditVia = "api" | "dashboard" | "editor" | "cli" | "mcp" | "system";

export interface AuditActor {
  type: "user" | "key" | "operator" | "system";
  /** The user's account id or the key's id. */
  id?: string;
  /** The user's e-mail or the key's name. */
  label?: string;
  keyPrefix?: string;
  via: AuditVia;
  ip?: string;
  userAgent?: string;
}

const SYSTEM: AuditActor = { type: "system", via: "system" };
const store = shared("audit-actor", () => new AsyncLocalStorage<AuditActor>());

export function runAsActor<T>(actor: AuditActor, work: () => Promise<T>): Promise<T> {
  return store.run(actor, work);
}

export function currentActor(): AuditActor {
  return store.getStore() ?? SYSTEM;
}
