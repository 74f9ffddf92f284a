import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { after, before, describe, test } from "node:test";
import { send } from "../helpers/dashboard-routes";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// Every route under /api/auth (next-auth's, signed out) reads at most 16 KB of a body, once, and
// answers 413 in the dashboard's error shape past it: a declared Content-Length over the limit is
// refused before a byte is read, a chunked body as soon as the limit is passed, and the server
// neither reads the rest nor holds it in memory.

const LIMIT = 16 * 1024;
const MB = 1024 * 1024;

function assertTooLarge(answer: { status: number; body: any }, label: string) {
  assert.equal(answer.status, 413, `${label}: ${JSON.stringify(answer.body)?.slice(0, 200)}`);
  assert.equal(answer.body?.error?.code, "invalid_request", label);
  assert.match(answer.body.error.message, /16384 bytes/, label);
}

/** The server's resident memory (Linux), read from /proc. */
function residentMb(server: HopServer): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/**
 * A chunked body of `total` bytes made as it is asked for (fetch streams a ReadableStream with
 * Transfer-Encoding: chunked): `pulled()` says how much the client was able to send.
 */
function lazyBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  chunk.set(new TextEncoder().encode("email=bob%40example.com&password="));
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

async function streamTo(server: HopServer, path: string, total: number) {
  const body = lazyBody(total);
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    body: body.stream,
    duplex: "half",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    redirect: "manual",
  } as RequestInit);
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed as any, sent: body.pulled() };
}

/**
 * A body that declares its whole length up front and is written only as fast as the server takes
 * it, until the server answers or closes: `sent` is what it took. The writing pauses after
 * PAUSE_AFTER bytes (more than loopback's buffers hold, less than the test allows) until the answer
 * comes: a server that waited for the body would never answer, and how much a busy machine lets
 * through before the client sees the answer no longer decides the outcome.
 */
const PAUSE_AFTER = 16 * 1024 * 1024;
function declaredUpload(server: HopServer, path: string, length: number): Promise<{ status: number; body: any; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const req = httpRequest(
      { host: "127.0.0.1", port: server.port, method: "POST", path, headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(length) } },
      (res) => {
        answered = true;
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: the text stands.
          }
          resolve({ status: res.statusCode ?? 0, body, sent });
          req.destroy();
        });
      },
    );
    // Once the server has answered (and closed), writes fail: that is the point.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && sent < Math.min(length, PAUSE_AFTER)) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered && sent >= length) req.end();
    };
    pump();
    setTimeout(() => answered || reject(new Error(`no answer after ${sent} bytes of ${length}`)), 30_000).unref();
  });
}

describe("bodies sent to /api/auth", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer();
    // The first request loads the route: on a busy machine that alone can take seconds.
    assert.equal((await fetch(`${server.url}/api/auth/csrf`)).status, 200);
  });
  after(() => server?.stop());

  test("a form just past 16 KB is refused with 413 on every route and method; a small one is not", async () => {
    const big = `email=bob%40example.com&password=${"a".repeat(LIMIT)}`;
    const paths = ["/api/auth/callback/credentials", "/api/auth/signout", "/api/auth/signin/credentials", "/api/auth/session", "/api/auth/csrf", "/api/auth/_log", "/api/auth/nothing-here"];
    for (const path of paths) {
      for (const method of ["POST", "GET", "PUT", "PATCH", "DELETE"]) {
        // One connection each: the server closes a connection whose body it did not read whole.
        assertTooLarge(await send(server, method, path, { raw: big, contentType: "application/x-www-form-urlencoded", headers: { connection: "close" } }), `${method} ${path}`);
      }
    }
    const small = await send(server, "POST", "/api/auth/callback/credentials", { raw: "a".repeat(LIMIT - 100), contentType: "application/x-www-form-urlencoded" });
    assert.notEqual(small.status, 413);
    assert.ok(small.status < 500, `status ${small.status}`);
  });

  test("a declared Content-Length of 150 MB is refused before the body is read", async () => {
    for (const path of ["/api/auth/callback/credentials", "/api/auth/signout"]) {
      const answer = await declaredUpload(server, path, 150 * MB);
      assertTooLarge(answer, path);
      assert.ok(answer.sent < 20 * MB, `${path}: the client could send ${Math.round(answer.sent / MB)} MB`);
    }
  });

  test("a 200 MB chunked body is cut at the limit: 413, the rest never sent, the server's memory flat", async () => {
    for (const path of ["/api/auth/callback/credentials", "/api/auth/signout"]) {
      const before = residentMb(server);
      const answer = await streamTo(server, path, 200 * MB);
      const grown = residentMb(server) - before;
      assertTooLarge(answer, path);
      assert.ok(answer.sent < 20 * MB, `${path}: the client could send ${Math.round(answer.sent / MB)} MB`);
      assert.ok(grown < 40, `${path}: the server grew by ${Math.round(grown)} MB`);
    }
  });
});
