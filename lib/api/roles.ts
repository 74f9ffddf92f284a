import type { KeyRole } from "../keys/key-format";

export type Resource = "links" | "websites" | "drafts" | "groups" | "geo-presets" | "domains" | "account" | "analytics" | "webhooks";

const CREATOR_WRITES: ReadonlySet<Resource> = new Set(["links", "websites", "drafts", "groups", "geo-presets"]);

/** The role matrix (docs/API.md, "The contract's fixed rules"): a key without a role (made before roles) acts as full. */
export function roleAllows(role: KeyRole | null, request: { method: string; resource: Resource; fullKeyOnly?: boolean }): boolean {
  const effective = role ?? "full";
  if (effective === "full") return true;
  if (request.fullKeyOnly) return false;
  if (request.method === "GET" || request.method === "HEAD") return true;
  return effective === "creator" && CREATOR_WRITES.has(request.resource);
}
