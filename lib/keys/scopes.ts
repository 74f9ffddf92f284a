import { z } from "zod";

// What an API key may do (docs/decisions/031-key-scopes.md). Each /v1 operation names the one
// scope it needs (lib/api/openapi/operations.ts); a key holds a set. The three roles keys had
// before scopes are named presets: a key with a role takes its preset's scopes as they are
// defined here, a `custom` key the list stored with it. Scopes are independent: `links:write`
// does not include `links:read`, so a key can be made that only creates.

export const SCOPES = [
  "links:read",
  "links:write",
  "domains:read",
  "domains:write",
  "websites:read",
  "websites:write",
  "analytics:read",
  "webhooks:read",
  "webhooks:write",
  "groups:read",
  "groups:write",
  "account:read",
] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "links:read": "List, get, export links and their QR codes",
  "links:write": "Create, update, delete, import links and change their status",
  "domains:read": "List domains and their DNS",
  "domains:write": "Connect, verify, remove domains and set the default",
  "websites:read": "Get websites and their contacts",
  "websites:write": "Publish and duplicate websites, save drafts",
  "analytics:read": "Views and clicks",
  "webhooks:read": "List webhooks and their deliveries",
  "webhooks:write": "Create and delete webhooks",
  "groups:read": "List groups and geo presets",
  "groups:write": "Create, change and delete groups and geo presets",
  "account:read": "The account's profile and audit log",
};

const READS: Scope[] = ["links:read", "domains:read", "websites:read", "analytics:read", "groups:read"];

/** The roles of before scopes, as scope sets: exactly what each role allowed (tests/unit/key-scopes.test.ts). */
export const PRESETS = {
  full: [...SCOPES],
  creator: [...READS, "links:write", "websites:write", "groups:write"],
  viewer: READS,
} as const satisfies Record<string, readonly Scope[]>;
export type Preset = keyof typeof PRESETS;
export const PRESET_NAMES = Object.keys(PRESETS) as Preset[];

export const ScopeName = z.enum(SCOPES);
/** A custom key's scopes: at least one, each known, duplicates dropped, in the canonical order. */
export const ScopeList = z
  .array(ScopeName)
  .min(1, "Give a key at least one scope.")
  .transform((list) => SCOPES.filter((scope) => list.includes(scope)));

/** The key's role or `custom`, and its stored scopes (empty unless custom), as the database holds them. */
export interface KeyGrant {
  role: string | null;
  scopes: readonly string[];
}

/** The scopes a key holds: its preset's, or for a key made before roles (role null) every scope. */
export function scopesOf(key: KeyGrant): Scope[] {
  if (key.role === "custom") return SCOPES.filter((scope) => key.scopes.includes(scope));
  if (key.role && key.role in PRESETS) return [...PRESETS[key.role as Preset]];
  return [...SCOPES];
}

/** A key whose refusals name the missing scope (`insufficient_scope`); role keys keep `forbidden`. */
export function isCustom(key: KeyGrant): boolean {
  return key.role === "custom";
}
