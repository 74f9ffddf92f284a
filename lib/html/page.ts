import { createHash, randomFillSync } from "node:crypto";
import { escapeHtml } from "./escape";

// The frame of every page Hop renders itself (visitor pages, bio pages): a per-response nonce, the
// Content-Security-Policy built on it, and the small branded page.

// Random bytes are drawn 4 KB at a time (one system call per 256 nonces, not one per response).
const POOL = Buffer.alloc(4096);
let poolOffset = POOL.length;

/** 16 random bytes as base64: always 24 characters. */
export function nonce(): string {
  if (poolOffset + 16 > POOL.length) {
    randomFillSync(POOL);
    poolOffset = 0;
  }
  poolOffset += 16;
  return POOL.toString("base64", poolOffset - 16, poolOffset);
}

/** Sources a page adds to the base policy: a bio page's own analytics tags, its contact forms. */
export interface CspSources {
  script?: string[];
  connect?: string[];
  /** Forms may post to the page's own host (contact blocks). */
  formSelf?: boolean;
  /**
   * …and the post's answer may redirect anywhere on the web: browsers hold a form's redirects to
   * form-action too (a link's password form, answered by a 302 to the destination).
   */
  formRedirectsOut?: boolean;
  /** Players the page may frame once a visitor taps a media card (lib/bio/embeds.ts). */
  frame?: string[];
}

/**
 * What lets a page's own inline <style> and <script> elements run under its CSP: a nonce, for a
 * page rendered per response, or their hashes (InlineHashes), for a page kept as bytes — with no
 * nonce in it, every response of a kept page is the same bytes and headers, copied never.
 */
export type InlineGrant = { nonce: string } | InlineHashes;

/** The SHA-256 of each inline element a kept page was rendered with, as CSP sources. */
export class InlineHashes {
  readonly style: string[] = [];
  readonly script: string[] = [];
}

/** An inline `<style>` or `<script>` of a page, allowed by `grant`. */
export function inlineElement(grant: InlineGrant, tag: "style" | "script", body: string): string {
  if ("nonce" in grant) return `<${tag} nonce="${grant.nonce}">${body}</${tag}>`;
  const source = `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
  if (!grant[tag].includes(source)) grant[tag].push(source);
  return `<${tag}>${body}</${tag}>`;
}

/** An external script (its host is in the page's script-src): the nonce too when there is one. */
export function externalScript(grant: InlineGrant, src: string): string {
  return "nonce" in grant ? `<script async nonce="${grant.nonce}" src="${src}"></script>` : `<script async src="${src}"></script>`;
}

const directive = (name: string, sources: string[]) => `${name} ${sources.length > 0 ? sources.join(" ") : "'none'"}`;

/**
 * The visitor pages' policy: nothing loads but our inline style and script (by nonce, or by hash
 * for a kept page), https images, and what `extra` adds for one page.
 */
export function contentSecurityPolicy(grant: string | InlineGrant, extra: CspSources = {}): string {
  const own = typeof grant === "string" ? { nonce: grant } : grant;
  const styles = "nonce" in own ? [`'nonce-${own.nonce}'`] : own.style;
  const scripts = "nonce" in own ? [`'nonce-${own.nonce}'`] : own.script;
  return [
    "default-src 'none'",
    directive("style-src", styles),
    directive("script-src", [...scripts, ...(extra.script ?? [])]),
    "img-src 'self' https: data:",
    // A bio page's chosen font comes from our own origin (lib/bio/fonts.ts); nothing else may load fonts.
    "font-src 'self'",
    ["connect-src", "'self'", ...(extra.connect ?? [])].join(" "),
    "base-uri 'none'",
    `form-action ${extra.formSelf ? `'self'${extra.formRedirectsOut ? " https: http:" : ""}` : "'none'"}`,
    ...(extra.frame?.length ? [directive("frame-src", extra.frame)] : []),
    "frame-ancestors 'none'",
  ].join("; ");
}

export const BASE_STYLE = `*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f7f6fb;color:#14121f}main{max-width:420px;width:calc(100% - 32px);background:#fff;border-radius:18px;padding:28px 24px;box-shadow:0 8px 30px rgba(20,18,31,.08);text-align:center}h1{font-size:1.3rem;margin:0 0 8px}p{color:#5d5a6e;line-height:1.5;margin:0 0 20px}.btn{display:block;padding:14px 18px;border-radius:12px;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600;margin:0 0 12px}.link{display:inline-block;color:#4f46e5;margin:6px 0}.brand{margin-top:22px;font-size:.8rem;color:#6b6880}`;

export function page(options: { title: string; body: string; nonce: string | InlineGrant; head?: string; lang?: string }): string {
  const grant = typeof options.nonce === "string" ? { nonce: options.nonce } : options.nonce;
  return `<!doctype html><html lang="${escapeHtml(options.lang ?? "en")}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(options.title)}</title>${options.head ?? ""}${inlineElement(grant, "style", BASE_STYLE)}</head><body>${options.body}</body></html>`;
}
