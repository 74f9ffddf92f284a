// The dashboard's links page with 10,000 links in the workspace: the server's full answer time
// (session check, count, page query, 30-day clicks, filter choices, React render) for the first
// page, a search, a tag filter, the last page and page 2 sorted by clicks. Needs the production build (`npm run build`).
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { apiRequest, addKey } from "../harness/http";
import { admin, startServer, type HopServer } from "../harness/hop-server";
import { fmt, percentile } from "./stats";

const LINKS = Number(process.env.BENCH_LINKS ?? 10_000);
const RUNS = Number(process.env.BENCH_LINKS_RUNS ?? 40);
export const PASSWORD = "bench password 1";

/** PostgreSQL: one INSERT … SELECT; PGlite (owned by the server process): the bulk endpoint, 100 at a time. */
async function seed(hop: HopServer, email: string, key: string): Promise<void> {
  const databaseUrl = hop.env.DATABASE_URL;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query(`SELECT id FROM "Account" WHERE email = $1`, [email]);
    await client.query(
      `INSERT INTO "Link" (id, "publicId", "accountId", type, domain, slug, destination, title, tags, "isActive", "createdAt", "updatedAt")
       SELECT 'lnk_b' || i, 'bench-' || i, $1, 'deeplink', 'localhost:3000', 'bench-' || i, 'https://example.com/p/' || i,
              'Bench link ' || i, ARRAY['t' || (i % 20)], i % 3 <> 0, now() - i * interval '1 minute', now()
       FROM generate_series(1, $2::int) AS i`,
      [rows[0].id, LINKS],
    );
    await client.end();
    return;
  }
  for (let start = 0; start < LINKS; start += 100) {
    const links = Array.from({ length: Math.min(100, LINKS - start) }, (_, j) => {
      const i = start + j + 1;
      return { url: `https://example.com/p/${i}`, slug: `bench-${i}`, title: `Bench link ${i}`, tags: [`t${i % 20}`] };
    });
    const response = await apiRequest(hop, "POST", "/v1/links/bulk", { key, body: { links } });
    if (response.status !== 200 || response.body.createdCount !== links.length) throw new Error(`seeding failed: ${response.text.slice(0, 300)}`);
  }
}

export async function sessionCookie(hop: HopServer, email: string): Promise<string> {
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

export async function benchLinksPage(): Promise<void> {
  const hop = await startServer({ env: { HOP_LOG: "silent" } });
  try {
    const email = `bench-${randomBytes(4).toString("hex")}@example.test`;
    await admin(hop, "account", "create", "--email", email, "--password", PASSWORD, "--plan", "unlimited");
    const { key } = await addKey(hop, email, "full");
    const seeded = performance.now();
    await seed(hop, email, key);
    console.log(`links page: ${LINKS} links seeded in ${fmt((performance.now() - seeded) / 1000, 1)} s (${hop.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`);
    const cookie = await sessionCookie(hop, email);
    const lastPage = Math.ceil(LINKS / 25);
    for (const [label, query] of [
      ["first page", ""],
      ["search", "?search=link%2099"],
      ["tag filter", "?tag=t7&sort=title"],
      ["last page", `?page=${lastPage}`],
      ["most clicks", "?sort=clicks&page=2"],
    ]) {
      const times: number[] = [];
      for (let run = 0; run < RUNS + 3; run += 1) {
        const started = performance.now();
        const response = await fetch(`${hop.url}/links${query}`, { headers: { cookie } });
        const html = await response.text();
        if (response.status !== 200 || !html.includes("Bench link")) throw new Error(`links page ${label}: ${response.status}`);
        if (run >= 3) times.push(performance.now() - started);
      }
      console.log(`links page ${label.padEnd(11)} p50 ${fmt(percentile(times, 50), 1)} ms  p99 ${fmt(percentile(times, 99), 1)} ms  (${RUNS} runs)`);
    }
  } finally {
    await hop.stop();
  }
}
