import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { buildDocument } from "../../lib/api/openapi/document";

// README's "typed client" recipe, done for real: openapi-typescript turns the document into types,
// and a small client written against them type-checks (and a wrong body does not).

const ROOT = path.resolve(import.meta.dirname, "..", "..");

const CLIENT = `import type { paths } from "./hop-api";

type CreateLink = paths["/v1/links"]["post"];
type CreateBody = CreateLink["requestBody"]["content"]["application/json"];
type Created = CreateLink["responses"][201]["content"]["application/json"];
type StatusBody = paths["/v1/links/{identifier}/status"]["patch"]["requestBody"]["content"]["application/json"];
type Usage = paths["/v1/account/usage"]["get"]["responses"][200]["content"]["application/json"];
type LimitError = CreateLink["responses"][403]["content"]["application/json"];

export async function createLink(baseUrl: string, key: string, body: CreateBody): Promise<Created> {
  const response = await fetch(baseUrl + "/v1/links", {
    method: "POST",
    headers: { authorization: "Bearer " + key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Created;
}

export const first: CreateBody = { url: "https://example.com", slug: "spring-sale", geoRules: [{ countries: ["US"], redirectUrl: "https://example.com/us" }] };
export const off: StatusBody = { setActive: false };
export const shortUrl = (created: Created): string => created.data.url;
export const hourly = (usage: Usage): number => usage.remaining.hourly;
export const limitMessage = (error: LimitError): string => ("code" in error && typeof error.code === "string" ? error.code : "");

// @ts-expect-error url must be a string
export const wrong: CreateBody = { url: 42 };
// @ts-expect-error setActive is required
export const missing: StatusBody = {};
`;

test("openapi-typescript generates types from the document, and a client written against them type-checks", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "hop-client-"));
  try {
    writeFileSync(path.join(dir, "openapi.json"), JSON.stringify(buildDocument()));
    const generate = spawnSync(process.execPath, [path.join(ROOT, "node_modules/openapi-typescript/bin/cli.js"), "openapi.json", "-o", "hop-api.d.ts"], { cwd: dir, encoding: "utf8" });
    assert.equal(generate.status, 0, generate.stderr);
    writeFileSync(path.join(dir, "client.ts"), CLIENT);
    const compilerOptions = { noEmit: true, strict: true, target: "es2022", module: "nodenext", moduleResolution: "nodenext", lib: ["es2022", "dom"], types: [] };
    writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["client.ts"] }));
    const tsc = spawnSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], { cwd: dir, encoding: "utf8" });
    assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
