import type { BulkUpdateChange } from "@/lib/links/bulk-update-schema";

// The "Edit in bulk" form's state and the change it asks for: every part starts as "leave as it
// is", so only what the customer touches is sent. Client-safe (no database).

export const UTM_FIELDS = [
  ["source", "Source"],
  ["medium", "Medium"],
  ["campaign", "Campaign"],
  ["term", "Term"],
  ["content", "Content"],
] as const;
type UtmName = (typeof UTM_FIELDS)[number][0];

export interface BulkEditState {
  tags: "keep" | "replace" | "clear";
  tagList: string;
  /** "keep", "none" (no group) or a group id. */
  group: string;
  status: "keep" | "active" | "paused";
  expiry: "keep" | "set" | "clear";
  /** A datetime-local value, read in the browser's time zone. */
  expiresAt: string;
  utm: Record<UtmName, string>;
  rewrite: "keep" | "host" | "prefix";
  from: string;
  to: string;
}

export const EMPTY_EDIT: BulkEditState = {
  tags: "keep",
  tagList: "",
  group: "keep",
  status: "keep",
  expiry: "keep",
  expiresAt: "",
  utm: { source: "", medium: "", campaign: "", term: "", content: "" },
  rewrite: "keep",
  from: "",
  to: "",
};

/** Which field a problem is about, so it is shown there and the field is marked invalid. */
export type EditField = "tagList" | "expiresAt" | "from" | "to" | "change";

export type Built = { ok: true; change: BulkUpdateChange } | { ok: false; field: EditField; message: string };

export function tagsOf(text: string): string[] {
  return [...new Set(text.split(",").map((tag) => tag.trim()).filter(Boolean))];
}

/** The API's change for the form, or the first thing to fix, in words. */
export function buildChange(state: BulkEditState, now = new Date()): Built {
  const change: BulkUpdateChange = {};
  if (state.tags === "clear") change.tags = [];
  if (state.tags === "replace") {
    const tags = tagsOf(state.tagList);
    if (!tags.length) return { ok: false, field: "tagList", message: "Type at least one tag, or choose Remove every tag." };
    if (tags.some((tag) => tag.length > 100)) return { ok: false, field: "tagList", message: "A tag can be at most 100 characters." };
    change.tags = tags;
  }
  if (state.group !== "keep") change.groupId = state.group === "none" ? null : state.group;
  if (state.status !== "keep") change.isActive = state.status === "active";
  if (state.expiry === "clear") change.expiresAt = null;
  if (state.expiry === "set") {
    const at = state.expiresAt ? new Date(state.expiresAt) : null;
    if (!at || Number.isNaN(at.getTime())) return { ok: false, field: "expiresAt", message: "Pick a date and a time for the expiry." };
    if (at.getTime() <= now.getTime()) return { ok: false, field: "expiresAt", message: "The expiry must be a moment in the future." };
    change.expiresAt = at.toISOString();
  }
  const utm = Object.fromEntries(UTM_FIELDS.map(([name]) => [name, state.utm[name].trim()]).filter(([, value]) => value));
  if (Object.keys(utm).length) change.utm = utm;
  if (state.rewrite !== "keep") {
    const from = state.from.trim();
    const to = state.to.trim();
    if (state.rewrite === "host") {
      if (!from) return { ok: false, field: "from", message: "Type the host to replace, like old-shop.com." };
      if (!to) return { ok: false, field: "to", message: "Type the new host, like shop.com." };
      change.replaceHost = { from: bareHost(from), to: bareHost(to) };
    } else {
      if (!from) return { ok: false, field: "from", message: "Type the start of the addresses to replace, like https://old-shop.com/sale/." };
      change.replacePrefix = { from, to };
    }
  }
  if (!Object.keys(change).length) return { ok: false, field: "change", message: "Choose at least one thing to change." };
  return { ok: true, change };
}

/** A pasted address as the host field wants it: "https://Shop.com/x" → "shop.com". */
function bareHost(text: string): string {
  try {
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? new URL(text).hostname : text.toLowerCase();
  } catch {
    return text.toLowerCase();
  }
}

/** How a date-time reads in the preview. */
export function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "no expiry";
}
