// The page editor: the autosave round trip (PUT /api/dashboard/drafts/<id> with a 20-block page,
// over HTTP to a running server, signed in like the browser) and the live preview of a 20-block
// page — the HTTP round trip of the preview route and the server render alone (semanticToData +
// renderWebsitePage, in process).
import { performance } from "node:perf_hooks";
import { semanticToData } from "../../lib/drafts/semantic-to-data";
import { renderWebsitePage } from "../../lib/bio/render-page";
import { admin, startServer } from "../harness/hop-server";
import { fmt, percentile } from "./stats";

const ROUNDS = Number(process.env.BENCH_EDITOR_ROUNDS ?? 200);
const PASSWORD = "bench password 123";

function twentyBlocks(round: number) {
  return {
    profile: { name: `Bench Person ${round}`, handle: "@bench", bio: "A bio of ordinary length for a link-in-bio page." },
    links: Array.from({ length: 20 }, (_, i) => ({ id: `b-${i}`, type: i % 5 === 0 ? ("featured" as const) : ("simple" as const), title: `Link number ${i + 1}`, subtitle: "A short subtitle", url: `https://example.com/path/${i + 1}` })),
    socials: ["instagram", "tiktok", "youtube", "github"].map((platform) => ({ platform, handle: "bench" })),
  };
}

function report(label: string, samples: number[]) {
  console.log(`${label.padEnd(44)} p50 ${fmt(percentile(samples, 50), 2).padStart(8)} ms   p99 ${fmt(percentile(samples, 99), 2).padStart(8)} ms   (${samples.length} rounds)`);
}

export async function benchEditor(): Promise<void> {
  const renders: number[] = [];
  for (let round = 0; round < ROUNDS * 5; round++) {
    const started = performance.now();
    renderWebsitePage({ publicId: "bench", url: "", templateId: "simple-stack-v2", data: semanticToData(twentyBlocks(round), "simple-stack-v2"), nonce: "x".repeat(24), adultConfirmed: true, brandingUrl: "#" });
    renders.push(performance.now() - started);
  }
  report("preview render, 20 blocks (in process)", renders);

  const hop = await startServer({ env: { HOP_LOG: "silent" } });
  try {
    const email = `bench-editor-${Date.now()}@bench.test`;
    await admin(hop, "account", "create", "--email", email, "--password", PASSWORD, "--plan", "unlimited");
    const key = String((await admin(hop, "key", "create", "--email", email, "--role", "full")).key);
    const csrf = await fetch(`${hop.url}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signIn = await fetch(`${hop.url}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") },
      body: new URLSearchParams({ email, password: PASSWORD, csrfToken, json: "true" }),
    });
    const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="))!.split(";")[0];
    const created = await fetch(`${hop.url}/v1/websites/drafts`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ semantic: twentyBlocks(0) }) });
    const draftId = ((await created.json()) as { data: { id: string } }).data.id;
    const headers = { cookie, origin: hop.url, "content-type": "application/json" };
    let version = 1;
    const saves: number[] = [];
    const previews: number[] = [];
    for (let round = 0; round < ROUNDS + 10; round++) {
      const semantic = twentyBlocks(round);
      let started = performance.now();
      const saved = await fetch(`${hop.url}/api/dashboard/drafts/${draftId}`, { method: "PUT", headers, body: JSON.stringify({ version, semantic }) });
      version = ((await saved.json()) as { version: number }).version;
      if (round >= 10) saves.push(performance.now() - started);
      started = performance.now();
      const preview = await fetch(`${hop.url}/api/dashboard/drafts/${draftId}/preview`, { method: "POST", headers, body: JSON.stringify({ semantic, nonce: "YmVuY2gtbm9uY2U=" }) });
      await preview.text();
      if (round >= 10) previews.push(performance.now() - started);
    }
    report("autosave round trip, 20 blocks (HTTP)", saves);
    report("preview round trip, 20 blocks (HTTP)", previews);
  } finally {
    await hop.stop();
  }
}
