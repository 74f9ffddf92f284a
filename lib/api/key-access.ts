import { HopError } from "../errors";
import { isCustom, scopesOf, type KeyGrant } from "../keys/scopes";
import type { Operation } from "./openapi/operations";

// Whether a key may call an operation, from the operation's one `scope` (its registry entry). The
// /v1 wrapper asks it on every request; other callers of the same operations (an MCP server
// listing its tools) ask it to show only what the key may call.

/** True when `key` holds the scope `operation` needs (an operation with no scope: any key). */
export function keyAllows(key: KeyGrant, operation: Pick<Operation, "scope" | "resource">): boolean {
  if (operation.resource === null || operation.scope === null) return true;
  return scopesOf(key).includes(operation.scope);
}

/**
 * The 403 for a refused key: a custom key is told the scope it lacks (`insufficient_scope`); a
 * preset key (a role) keeps the `forbidden` it always had, word for word.
 */
export function refusalFor(key: KeyGrant, operation: Pick<Operation, "scope">): HopError {
  if (!isCustom(key) || !operation.scope) return new HopError("forbidden");
  return new HopError("insufficient_scope", {
    message: `This API key lacks the '${operation.scope}' scope this request needs.`,
    extras: { scope: operation.scope },
  });
}
