// The editor's own check of what it saves: the drafts' schema (SemanticModel, the one the server
// validates saves with), run in the browser. A member the schema refuses is left out of the save
// and kept, marked, in the editor, so one bad field never blocks saving the rest of the page; an
// address typed without a scheme gets https:// first (example.com/gift), as Linktree does.
// First of all: zod without `new Function` in the browser, before the schema below is built.
import "@/lib/validation/browser-zod";
import { SemanticModel } from "@/lib/drafts/semantic";
import { withHttpsScheme } from "@/lib/links/http-url";
import type { Model } from "./model";

/** Where a problem sits: `block:<id>:url`, `social:<index>:handle`, `avatar:value`, `profile:name` … */
export type Problems = Record<string, string>;

const ADDRESS = "Enter a full address, like https://example.com/page (or mailto:… or tel:…).";
const MAX_PASSES = 12;

type Path = ReadonlyArray<PropertyKey>;
type Json = Record<string, unknown> | unknown[];

/** The stable key of a schema path: blocks by their id (they move), the rest by position. */
export function problemKey(model: Model, path: Path): string {
  const [head, index, ...rest] = path.map(String);
  if (head === "links" && index !== undefined) return `block:${model.links?.[Number(index)]?.id ?? index}:${rest.join(".")}`;
  if (head === "socials" && index !== undefined) return `social:${index}:${rest.join(".")}`;
  return [head, index, ...rest].filter((part) => part !== undefined).join(":");
}

function wording(path: Path, message: string): string {
  const leaf = String(path[path.length - 1]);
  if (leaf === "url" || (path[0] === "socials" && /URL/.test(message))) return ADDRESS;
  if (/^Too big/.test(message)) return `Too long: ${message.replace(/^Too big: expected string to have <=(\d+) characters$/, "at most $1 characters")}.`;
  const text = message.replace(/^must be /, "It must be ");
  return text[0].toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
}

/** Removes the member at `path`; one already gone takes its enclosing list item or object with it. */
function removeAt(root: Json, path: Path): void {
  for (let depth = path.length; depth > 0; depth -= 1) {
    let parent: unknown = root;
    for (const part of path.slice(0, depth - 1)) parent = (parent as Record<PropertyKey, unknown> | null | undefined)?.[part];
    if (parent === null || typeof parent !== "object") continue;
    const members = parent as Record<PropertyKey, unknown>;
    const key = path[depth - 1];
    if (members[key] === undefined) continue;
    if (Array.isArray(parent)) members[key] = undefined;
    else delete members[key];
    return;
  }
}

function isEmptySocial(model: Json, path: Path): boolean {
  if (path[0] !== "socials" || typeof path[1] !== "number") return false;
  const social = (model as Model).socials?.[path[1]];
  return !social || `${social.handle ?? ""}${social.url ?? ""}`.trim() === "";
}

const withoutHoles = (value: unknown): unknown =>
  Array.isArray(value) ? value.filter((item) => item !== undefined).map(withoutHoles) : value && typeof value === "object" ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutHoles(v)])) : value;

/** What to save: the model with https:// added where meant, every refused member left out, and each refusal in words. */
export function savableModel(model: Model): { model: Model; problems: Problems } {
  const fixed: Model = { ...model };
  if (model.links) fixed.links = model.links.map((block) => (block.url ? { ...block, url: withHttpsScheme(block.url) } : block));
  if (model.socials) fixed.socials = model.socials.map((social) => (social.url ? { ...social, url: withHttpsScheme(social.url) } : social));
  const problems: Problems = {};
  let candidate = structuredClone(fixed) as Json;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const parsed = SemanticModel.safeParse(candidate);
    if (parsed.success) break;
    // Several issues may name one member (zod runs refinements after a failed check): it goes once per pass.
    const removed = new Set<string>();
    for (const issue of parsed.error.issues) {
      // A social icon still being filled in is left out quietly, not marked.
      if (!isEmptySocial(candidate, issue.path)) problems[problemKey(candidate as Model, issue.path)] ??= wording(issue.path, issue.message);
      const where = JSON.stringify(issue.path);
      if (!removed.has(where)) removeAt(candidate, issue.path);
      removed.add(where);
    }
    candidate = withoutHoles(candidate) as Json;
  }
  return { model: candidate as Model, problems };
}

/** The problems of one block, keyed by its field (`url`, `title` …). */
export function blockProblems(problems: Problems, blockId: string): Record<string, string> {
  const prefix = `block:${blockId}:`;
  return Object.fromEntries(Object.entries(problems).flatMap(([key, message]) => (key.startsWith(prefix) ? [[key.slice(prefix.length), message]] : [])));
}
