import { randomFillSync } from "node:crypto";
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
}

/**
 * The visitor pages' policy: nothing loads but our inline style and script (by nonce), https
 * images, and what `extra` adds for one page.
 */
export function contentSecurityPolicy(n: string, extra: CspSources = {}): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${n}'`,
    ["script-src", `'nonce-${n}'`, ...(extra.script ?? [])].join(" "),
    "img-src https: data:",
    ["connect-src", "'self'", ...(extra.connect ?? [])].join(" "),
    "base-uri 'none'",
    `form-action ${extra.formSelf ? "'self'" : "'none'"}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

export const BASE_STYLE = `*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f7f6fb;color:#14121f}main{max-width:420px;width:calc(100% - 32px);background:#fff;border-radius:18px;padding:28px 24px;box-shadow:0 8px 30px rgba(20,18,31,.08);text-align:center}h1{font-size:1.3rem;margin:0 0 8px}p{color:#5d5a6e;line-height:1.5;margin:0 0 20px}.btn{display:block;padding:14px 18px;border-radius:12px;background:#5b3df5;color:#fff;text-decoration:none;font-weight:600;margin:0 0 12px}.link{display:inline-block;color:#5b3df5;margin:6px 0}.brand{margin-top:22px;font-size:.8rem;color:#8a87a0}`;

export function page(options: { title: string; body: string; nonce: string; head?: string; lang?: string }): string {
  return `<!doctype html><html lang="${escapeHtml(options.lang ?? "en")}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(options.title)}</title>${options.head ?? ""}<style nonce="${options.nonce}">${BASE_STYLE}</style></head><body>${options.body}</body></html>`;
}
