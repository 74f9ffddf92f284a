// The loads of the interference section (scripts/bench/interference.ts), each what one account
// or an operator does to the server while another account's visitors follow a cached link.
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import sharp from "sharp";
import { apiRequest, createAccount, type TestAccount } from "../harness/http";
import { admin, cli, startServer, type HopServer } from "../harness/hop-server";
import { PRIMARY, wrk } from "./load";

export const PASSWORD = "interference bench 1";

/** A 10,000-row CSV import by its own account; resolves when the import answered. */
export async function importLoad(hop: HopServer): Promise<string> {
  const account = await createAccount(hop, { plan: "unlimited" });
  const rows = Array.from({ length: 10_000 }, (_, i) => `https://example.com/imported/${i},imp-${i}-${Date.now().toString(36)},Imported ${i}`);
  const res = await apiRequest(hop, "POST", "/v1/links/import", { key: account.key, raw: ["url,slug,title", ...rows].join("\n"), headers: { "content-type": "text/csv" } });
  if (res.status !== 200 || res.body.created !== 10_000) throw new Error(`import: ${res.status} ${res.text.slice(0, 300)}`);
  return "10,000 links created";
}

/**
 * Fills the database with `mb` MB of incompressible rows beside Hop's tables: the embedded one
 * with the server stopped (PGlite is one process's), PostgreSQL through its own connection.
 */
export async function fillDatabase(hop: HopServer, mb: number): Promise<HopServer> {
  const fill = async (run: (sql: string) => Promise<unknown>) => {
    await run(`CREATE TABLE IF NOT EXISTS "BenchFill" (id int PRIMARY KEY, bytes bytea)`);
    for (let i = 0; i < mb; i += 1) {
      await run(`INSERT INTO "BenchFill" SELECT ${i}, decode(string_agg(lpad(to_hex((random() * 4294967295)::bigint), 8, '0'), ''), 'hex') FROM generate_series(1, 262144)`);
    }
  };
  if (hop.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: hop.env.DATABASE_URL });
    await client.connect();
    await fill((sql) => client.query(sql));
    await client.end();
    return hop;
  }
  await hop.stop("SIGTERM", { keepData: true });
  const db = new PGlite(path.join(hop.env.DATA_DIR, "pglite"));
  await fill((sql) => db.exec(sql));
  await db.exec("CHECKPOINT");
  await db.close();
  return startServer({ reuse: hop });
}

/** `hop backup` while serving (the server writes it); resolves with its size. */
export async function backupLoad(hop: HopServer): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "hop-bench-backup-"));
  try {
    const made = await cli(hop, "backup", "--out", path.join(dir, "hop.tar"));
    if (made.code !== 0) throw new Error(`backup: ${made.stderr}`);
    const { bytes } = JSON.parse(made.stdout) as { bytes: number };
    return `backup of ${Math.round(bytes / 1024 / 1024)} MB written`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A password-protected link, and wrong passwords from 1,000 addresses, each up to the limit (10 in 15 minutes). */
export async function passwordLoad(hop: HopServer): Promise<string> {
  const account = await createAccount(hop);
  const made = await apiRequest(hop, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/secret", slug: "locked", password: "the right one" } });
  if (made.status !== 201) throw new Error(`password link: ${made.text}`);
  const script = `local n = 0
local answers = {}
request = function()
  n = n + 1
  local idx = n % 1000
  local ip = "11.0." .. math.floor(idx / 250) .. "." .. (idx % 250 + 1)
  return wrk.format("POST", "/locked", { ["Host"] = "${PRIMARY}", ["Content-Type"] = "application/x-www-form-urlencoded", ["X-Forwarded-For"] = ip }, "password=wrong" .. n)
end
response = function(status) if n >= 10000 then io.write("hop-bench-done\\n"); io.flush(); wrk.thread:stop() end end`;
  const run = await wrk(`${hop.url}/locked`, { script, connections: 20, seconds: 120, stopOn: "hop-bench-done" });
  return `${run.requests.toLocaleString("en")} wrong passwords at ${Math.round(run.rps)}/s`;
}

/**
 * A receiver that answers 200 and then one byte every 5 s, subscribed to link.clicked; 1,000 views
 * of its account's link, each its own visitor, become 1,000 deliveries. Resolves when the views
 * are recorded; the deliveries go on for as long as the measured window lasts.
 */
export async function trickleLoad(hop: HopServer): Promise<{ started: string; stop: () => Promise<void> }> {
  const receiver = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200);
    const drip = setInterval(() => res.write("."), 5_000);
    res.on("close", () => clearInterval(drip));
  });
  receiver.listen(0, "127.0.0.1");
  await once(receiver, "listening");
  const account = await createAccount(hop);
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const hook = await apiRequest(hop, "POST", "/v1/webhooks", { key: account.key, body: { url, events: ["link.clicked"] } });
  if (hook.status !== 201) throw new Error(`webhook: ${hook.text}`);
  await apiRequest(hop, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/clicked", slug: "clicked" } });
  for (let i = 0; i < 1000; i += 20) {
    await Promise.all(Array.from({ length: 20 }, (_, j) => fetch(`${hop.url}/clicked`, { redirect: "manual", headers: { host: PRIMARY, "user-agent": `Mozilla/5.0 bench/${i + j}`, "x-forwarded-for": `203.0.113.${(i + j) % 250}` } }).then((r) => r.arrayBuffer())));
  }
  return {
    started: "1,000 link.clicked deliveries to a receiver that trickles its answer",
    stop: async () => {
      receiver.closeAllConnections();
      receiver.close();
    },
  };
}

/**
 * 8 accounts, signed in, each with a draft, and a 40 MP PNG: made before the measured window (the
 * picture costs the bench's own process seconds of CPU on the same cores). The answer uploads it
 * from all 8 at once, a 429 retried after its Retry-After.
 */
export async function prepareUploads(hop: HopServer): Promise<() => Promise<string>> {
  const png = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .composite([{ input: Buffer.from(`<svg width="8000" height="5000"><text x="100" y="900" font-size="700">hop</text></svg>`), top: 0, left: 0 }])
    .png({ compressionLevel: 9 })
    .toBuffer();
  const uploaders = await Promise.all(Array.from({ length: 9 }, () => uploader(hop)));
  // A server's first upload loads the route's modules and compiles its queries (~150 ms of the
  // main thread, once per process): a ninth account uploads before the window.
  await uploadLoad(hop, png, uploaders.splice(8));
  return () => uploadLoad(hop, png, uploaders);
}

async function uploadLoad(hop: HopServer, png: Buffer<ArrayBuffer>, uploaders: Array<{ cookie: string; draft: string }>): Promise<string> {
  let refused = 0;
  await Promise.all(uploaders.map(async ({ cookie, draft }) => {
    for (;;) {
      const res = await fetch(`${hop.url}/api/dashboard/drafts/${draft}/images`, { method: "POST", headers: { cookie, "content-type": "image/png", origin: hop.url }, body: png });
      const text = await res.text();
      if (res.status === 201) return;
      if (res.status !== 429) throw new Error(`upload: ${res.status} ${text.slice(0, 200)}`);
      refused += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(res.headers.get("retry-after") ?? 1)));
    }
  }));
  return `8 uploads of a 40 MP PNG done (${refused} answers of 429 retried)`;
}

async function uploader(hop: HopServer): Promise<{ cookie: string; draft: string }> {
  const email = `up-${Math.random().toString(36).slice(2)}@example.test`;
  await admin(hop, "account", "create", "--email", email, "--password", PASSWORD, "--plan", "growth");
  const { key } = (await admin(hop, "key", "create", "--email", email, "--role", "full")) as { key: string };
  const draft = await apiRequest(hop, "POST", "/v1/websites/drafts", { key, body: { semantic: { profile: { name: "Bench" } } } });
  if (draft.status !== 201) throw new Error(`draft: ${draft.text}`);
  return { cookie: await signIn(hop, email), draft: String(draft.body.data.id) };
}

async function signIn(hop: HopServer, email: string): Promise<string> {
  const csrf = await fetch(`${hop.url}/api/auth/csrf`);
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${hop.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ email, password: PASSWORD, csrfToken, json: "true" }),
  });
  const session = response.headers.getSetCookie().find((c) => c.includes("session-token="));
  if (!session) throw new Error("bench sign-in failed");
  return session.split(";")[0];
}

export type { TestAccount };
