import assert from "node:assert/strict";
import { once } from "node:events";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { mock, test } from "node:test";

// Background work on the embedded database rests after a slice only when requests arrived while
// it ran (visitors keep at least half of the thread); on a server nobody else is asking, it goes
// straight on to the next slice (an import on a quiet server is not made twice as long).

delete process.env.DATABASE_URL;
process.env.HOP_LOG ??= "silent";

/** Keeps the thread busy for `ms`, as a slice of SQL on PGlite does. */
function busy(ms: number, during?: () => void): Promise<void> {
  const until = performance.now() + ms;
  during?.();
  while (performance.now() < until);
  return Promise.resolve();
}

async function restAfter(work: () => Promise<void>): Promise<number> {
  const { backgroundSlice } = await import("../../lib/db/background-pace");
  let workEnded = 0;
  await backgroundSlice(async () => {
    await work();
    workEnded = performance.now();
  });
  return performance.now() - workEnded;
}

test("a slice with no request arriving meanwhile does not rest", async () => {
  // The rest is a timer: counting the timers asked for says it, where a clock would also count a
  // loaded machine's scheduling.
  const timers = mock.method(globalThis, "setTimeout");
  try {
    await restAfter(() => busy(300));
    const rests = timers.mock.calls.map((call) => Number(call.arguments[1] ?? 0)).filter((ms) => ms >= 100);
    assert.deepEqual(rests, [], "it rested");
  } finally {
    timers.mock.restore();
  }
});

test("a slice during which a request arrived rests as long as it ran (at most 250 ms)", async () => {
  const { noteRequestArrival } = await import("../../lib/http/arrivals");
  const rest = await restAfter(() => busy(300, noteRequestArrival));
  assert.ok(rest >= 240, `it rested ${Math.round(rest)} ms`);
});

test("a request that reached its socket while a slice held the thread counts: the slice rests", async () => {
  const { noteRequestArrival } = await import("../../lib/http/arrivals");
  const server = http.createServer((_req, res) => (noteRequestArrival(), res.end("ok")));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const client = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
  await once(client, "connect");
  try {
    // Written from inside the slice, read by the server only once the slice lets go of the thread,
    // as a visitor's request is while an import's statements run on PGlite.
    const rest = await restAfter(() => busy(300, () => client.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n")));
    assert.ok(rest >= 240, `it rested ${Math.round(rest)} ms`);
  } finally {
    client.destroy();
    server.close();
  }
});
