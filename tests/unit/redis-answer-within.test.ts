import assert from "node:assert/strict";
import { once } from "node:events";
import { spawn } from "node:child_process";
import net from "node:net";
import { test } from "node:test";
import { answerWithin } from "../../lib/redis/client";

// The click cap's deadline for Redis (lib/redis/client.ts answerWithin): an answer that reached
// the socket while the thread was busy past the deadline is read and taken, not mistaken for a
// Redis that did not answer (ioredis's own timeout fires first, in the loop's timers phase).

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** A client of an echo server in another process, which answers 20 ms after it is asked. */
async function echoPair() {
  const child = spawn(process.execPath, ["-e", `require("node:net").createServer((s) => s.on("data", (d) => setTimeout(() => s.write(d), 20))).listen(0, "127.0.0.1", function () { console.log(this.address().port); });`], { stdio: ["ignore", "pipe", "inherit"] });
  const [line] = await once(child.stdout!, "data");
  const client = net.connect(Number(String(line).trim()), "127.0.0.1");
  await once(client, "connect");
  const ask = () => {
    const answer = once(client, "data").then(([data]) => String(data));
    client.write("PING");
    return answer;
  };
  return { ask, close: () => (client.destroy(), child.kill()) };
}

test("an answer that came while the thread was busy past the deadline is taken", async () => {
  const pair = await echoPair();
  try {
    const answer = answerWithin(pair.ask(), 50);
    // The answer reaches the socket 20 ms in, while the thread is held past the deadline.
    busy(200);
    assert.equal(await answer, "PING");
  } finally {
    pair.close();
  }
});

test("no answer within the deadline is a rejection", async () => {
  const never = new Promise<string>(() => undefined);
  await assert.rejects(answerWithin(never, 30), /no answer from Redis within 30 ms/);
});
