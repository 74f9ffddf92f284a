// The /v1 wrapper's cost: the same trivial JSON answer served bare and through apiRoute (key
// lookup by hash, plan, rate-limit counting, role, JSON body parsing), called in process so only
// the wrapper is measured. Rounds alternate so drift hits both sides alike.
import { performance } from "node:perf_hooks";
import { z } from "zod";
import { createAccount } from "../../lib/accounts/create-account";
import { setLimits } from "../../lib/accounts/set-plan";
import { apiRoute, json } from "../../lib/api/handler";
import { operations } from "../../lib/api/openapi/operations";
import { db } from "../../lib/db/open";
import { createKey } from "../../lib/keys/create-key";
import { fmt, median } from "./stats";

const ROUNDS = 5;
const PER_ROUND = Number(process.env.BENCH_WRAPPER_REQUESTS ?? 1000);

async function timeEach(call: () => Promise<Response>, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    const response = await call();
    await response.arrayBuffer();
    samples.push(performance.now() - start);
  }
  return samples;
}

export async function benchWrapper(): Promise<void> {
  const client = await db();
  const account = await createAccount(client, { email: `bench-${Date.now()}@bench.test`, plan: "unlimited" });
  await setLimits(client, account.id, { hourly: 10_000_000, daily: 10_000_000 });
  const { key } = await createKey(client, account.id, { name: "bench", role: "full" });

  const body = JSON.stringify({ name: "bench", tags: ["a", "b"] });
  const Body = z.object({ name: z.string(), tags: z.array(z.string()) });
  const bare = async (request: Request) => {
    const parsed = Body.parse(JSON.parse(await request.text()));
    return json({ ok: true, name: parsed.name });
  };
  // POST /v1/groups's resource and role check, with the bench's own body schema and answer.
  const wrapped = apiRoute({ ...operations.createGroup, body: Body }, async ({ body: parsed }) => json({ ok: true, name: parsed.name }));
  const request = () =>
    new Request("http://bench.local/v1/groups", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body,
    });

  await timeEach(() => bare(request()), 200);
  await timeEach(() => wrapped(request()), 200);
  const bareAll: number[] = [];
  const wrappedAll: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    bareAll.push(...(await timeEach(() => bare(request()), PER_ROUND)));
    wrappedAll.push(...(await timeEach(() => wrapped(request()), PER_ROUND)));
  }
  const bareMedian = median(bareAll);
  const wrappedMedian = median(wrappedAll);
  console.log(`wrapper: bare route median ${fmt(bareMedian)} ms, wrapped median ${fmt(wrappedMedian)} ms (${bareAll.length} requests each)`);
  console.log(`wrapper overhead: ${fmt(wrappedMedian - bareMedian)} ms median per request (goal < 1 ms)`);
  console.log(`wrapper/bare ratio: ${fmt(wrappedMedian / bareMedian, 2)}`);
}
