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
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hop API reference</title>
<link rel="stylesheet" href="/docs/api/assets/swagger-ui.css">
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
};

const cache = new Map<string, Uint8Array | string>();

export async function apiReferenceAsset(name: string): Promise<Response> {
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!asset) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  let body = cache.get(name);
  if (body === undefined) {
    body = asset.source ? new Uint8Array(await readFile(path.join(process.cwd(), "node_modules", "swagger-ui-dist", asset.source))) : INIT_SCRIPT;
    cache.set(name, body);
  }
  return new Response(body as BodyInit, { headers: { "content-type": asset.type, "cache-control": "public, max-age=3600", ...SECURITY_HEADERS } });
}
