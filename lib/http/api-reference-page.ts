import { readFile } from "node:fs/promises";
import path from "node:path";

// /docs/api: the API reference, rendered in the browser by Swagger UI from GET /v1/openapi.json.
// Every asset comes from this app (Swagger UI's files out of node_modules), so the page works with
// no internet, and its CSP allows only this origin (plus data: images Swagger UI inlines).

export const API_REFERENCE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const INIT_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/v1/openapi.json",
    dom_id: "#reference",
    // Deep links put an anchor inside each operation's toggle button (nested controls).
    deepLinking: false,
    validatorUrl: null,
    tryItOutEnabled: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    // The per-operation lock sits inside the operation's toggle (nested controls); the page-level
    // Authorize button remains.
    plugins: [function () { return { wrapComponents: { authorizeOperationBtn: function () { return function () { return null; }; } } }; }],
    onComplete: function () {
      document.querySelectorAll("select:not([aria-label])").forEach(function (select) { select.setAttribute("aria-label", "Server"); });
    },
  });
});
`;

// Swagger UI's own colours miss WCAG AA contrast in places (method badges, version badges, grey text).
const HOP_CSS = `.swagger-ui .opblock .opblock-summary-method { color: #fff; text-shadow: none; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f5fa8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1d7a46; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4f00; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #00666b; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
.swagger-ui .info .title small { background: #3b4151; }
.swagger-ui .info .title small.version-stamp { background: #1d7a46; }
.swagger-ui, .swagger-ui .info p, .swagger-ui .info li, .swagger-ui .info a, .swagger-ui .opblock .opblock-summary-description,
.swagger-ui .opblock .opblock-summary-path, .swagger-ui .opblock-tag, .swagger-ui .opblock-tag small, .swagger-ui .servers-title,
.swagger-ui .scheme-container .schemes > label, .swagger-ui .model-title, .swagger-ui section.models h4 { color: #1f2328; }
.swagger-ui .info a { text-decoration: underline; }
/* Examples grow instead of scrolling: a scrolling block would need to be focusable to be read by keyboard. */
.swagger-ui .body-param__example, .swagger-ui .highlight-code > .microlight, .swagger-ui .microlight {
  overflow: visible !important; max-height: none !important; white-space: pre-wrap !important; word-break: break-word; }
/* The examples' theme (agate) draws numbers #d36363 on #333 (3.45:1): a lighter red passes AA (5.9:1). */
.swagger-ui .microlight span[style*="211, 99, 99"], .swagger-ui .microlight span[style*="#d36363"] { color: #f19a9a !important; }
.swagger-ui .btn.authorize { color: #1d7a46; border-color: #1d7a46; }
.swagger-ui .btn.authorize span { color: #1d7a46; }
.swagger-ui .btn.authorize svg { fill: #1d7a46; }
.swagger-ui .json-schema-2020-12-expand-deep-button, .swagger-ui .json-schema-2020-12__attribute--muted,
.swagger-ui .json-schema-2020-12-keyword__name--secondary, .swagger-ui .json-schema-2020-12-keyword__value--secondary,
.swagger-ui .json-schema-2020-12-json-viewer__name--secondary, .swagger-ui .json-schema-2020-12-json-viewer__value--secondary,
.swagger-ui .model .prop-format, .swagger-ui .prop-format, .swagger-ui .parameter__in, .swagger-ui .parameter__type,
.swagger-ui .opblock-summary-operation-id, .swagger-ui .response-col_links { color: #3b4151; }
.swagger-ui .json-schema-2020-12__attribute--primary { color: #4b3ba8; }
.swagger-ui .json-schema-2020-12__constraint { background: #4b3ba8; color: #fff; }
.swagger-ui .json-schema-2020-12__constraint--string { background: #7a5a00; color: #fff; }
.swagger-ui .json-schema-2020-12__title, .swagger-ui .model .property.primitive { color: #1f2328; }
.swagger-ui .json-schema-2020-12-property--required > .json-schema-2020-12:first-of-type > .json-schema-2020-12-head .json-schema-2020-12__title:after { color: #b3261e; }
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hop API reference</title>
<link rel="stylesheet" href="/docs/api/assets/swagger-ui.css">
<link rel="stylesheet" href="/docs/api/assets/hop.css">
<link rel="icon" href="/icon.svg">
</head>
<body>
<main id="reference" aria-label="Hop API reference"></main>
<script src="/docs/api/assets/swagger-ui-bundle.js"></script>
<script src="/docs/api/assets/init.js"></script>
</body>
</html>
`;

const SECURITY_HEADERS = { "content-security-policy": API_REFERENCE_CSP, "x-content-type-options": "nosniff", "referrer-policy": "no-referrer" };

export function apiReferencePage(): Response {
  return new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8", ...SECURITY_HEADERS } });
}

/** The only files served under /docs/api/assets/. */
const ASSETS: Record<string, { type: string; source: string | null }> = {
  "swagger-ui.css": { type: "text/css; charset=utf-8", source: "swagger-ui.css" },
  "swagger-ui-bundle.js": { type: "text/javascript; charset=utf-8", source: "swagger-ui-bundle.js" },
  "init.js": { type: "text/javascript; charset=utf-8", source: null },
  "hop.css": { type: "text/css; charset=utf-8", source: null },
};

const cache = new Map<string, Uint8Array | string>();

export async function apiReferenceAsset(name: string): Promise<Response> {
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!asset) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  let body = cache.get(name);
  if (body === undefined) {
    body = asset.source ? new Uint8Array(await readFile(path.join(process.cwd(), "node_modules", "swagger-ui-dist", asset.source))) : name === "hop.css" ? HOP_CSS : INIT_SCRIPT;
    cache.set(name, body);
  }
  return new Response(body as BodyInit, { headers: { "content-type": asset.type, "cache-control": "public, max-age=3600", ...SECURITY_HEADERS } });
}
