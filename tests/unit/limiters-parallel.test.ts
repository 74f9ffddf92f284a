import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, test } from "node:test";

// Every limit on people and addresses takes its point before the work it guards, in one atomic
// step of the limiter (lib/limits/limiter.ts), never "read the count, do the work, then count": 200
// calls at once must let exactly the limit through. Run in process here, and against Redis in the
// PostgreSQL + Redis pass (REDIS_URL set), where every instance counts together.

process.env.HOP_REDIS_PREFIX = `limiters-parallel-${randomBytes(4).toString("hex")}`;
const { takeSignInAttempt, SIGNIN_LIMIT_PER_EMAIL, SIGNIN_LIMIT_PER_IP } = await import("../../lib/auth/signin-throttle");
const { takeSignUpAttempt, SIGNUP_LIMITS } = await import("../../lib/accounts/sign-up-throttle");
const { noteAuthFailure } = await import("../../lib/api/auth-throttle");
const { acceptContactAttempt, isFirstPress, withinPressRate, CONTACT_LIMITS, PRESS_LIMITS } = await import("../../lib/visit/visitor-limits");
const { takePasswordTry, PASSWORD_TRIES, PASSWORD_LINK_TRIES } = await import("../../lib/visit/link-pass");
const { limiter } = await import("../../lib/limits/limiter");
const { tunable } = await import("../../lib/config");
const { HopError } = await import("../../lib/errors");
const { counterRedis } = await import("../../lib/redis/client");

after(() => counterRedis()?.disconnect());

const N = 200;
const atOnce = <T>(run: (i: number) => Promise<T>) => Promise.all(Array.from({ length: N }, (_, i) => run(i)));
const allowedOf = (results: boolean[]) => results.filter(Boolean).length;
const unique = () => randomBytes(4).toString("hex");
/** Until the connection is ready the limits count in process: wait for it when there is one. */
const ready = async () => {
  const connection = counterRedis();
  if (connection && connection.status !== "ready") await new Promise((resolve) => connection.once("ready", resolve));
};

test("sign-in: per e-mail and per address", async () => {
  await ready();
  const email = `${unique()}@example.test`;
  assert.equal(allowedOf((await atOnce((i) => takeSignInAttempt(email, `198.51.100.${i % 250}`))).map((d) => d.allowed)), SIGNIN_LIMIT_PER_EMAIL);
  const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
  const byIp = await atOnce((i) => takeSignInAttempt(`${unique()}-${i}@example.test`, ip));
  assert.equal(allowedOf(byIp.map((d) => d.allowed)), SIGNIN_LIMIT_PER_IP);
});

test("sign-up: per address, and for everyone", async () => {
  const ip = `2001:db8:${Math.floor(Math.random() * 65535).toString(16)}::1`;
  assert.equal(allowedOf((await atOnce(() => takeSignUpAttempt(ip))).map((a) => a.allowed)), SIGNUP_LIMITS.perAddress);
  const everyone = await atOnce((i) => takeSignUpAttempt(`10.${i}.${Math.floor(Math.random() * 250)}.1`));
  assert.ok(allowedOf(everyone.map((a) => a.allowed)) <= SIGNUP_LIMITS.perMinute, "never past the instance's 30 a minute");
});

test("API authentication failures per address", async () => {
  const ip = `192.0.2.${Math.floor(Math.random() * 250)}`;
  const refusals = await atOnce(() => noteAuthFailure(ip, new HopError("invalid_api_key")));
  // At the limit the address is refused from the next request; past it the request itself is the 429.
  assert.equal(refusals.filter((r) => r === null).length, tunable("AUTH_FAILURES_PER_MINUTE"));
});

test("visitors: presses, the 18+ confirmation and contact submissions", async () => {
  const page = `pg_${unique()}`;
  assert.equal(allowedOf(await atOnce(() => withinPressRate(page, "198.18.0.1"))), PRESS_LIMITS.perAddressPerMinute);
  assert.equal(allowedOf(await atOnce(() => isFirstPress({ pageId: page, buttonId: "b1", ip: "198.18.0.1", userAgent: "x" }))), 1);
  assert.equal(allowedOf(await atOnce(() => acceptContactAttempt(page, "198.18.0.1"))), CONTACT_LIMITS.perAddress);
});

test("password links: per address and per link", async () => {
  const link = { id: `lnk_${unique()}` };
  const request = (ip: string) => ({ method: "POST", host: "h", pathname: "/x", search: "", headers: {}, socketIp: ip });
  assert.equal(allowedOf((await atOnce(() => takePasswordTry(link, request("198.18.1.1")))).map((t) => t.allowed)), PASSWORD_TRIES.max);
  const other = { id: `lnk_${unique()}` };
  const spread = await atOnce((i) => takePasswordTry(other, request(`198.19.${i}.1`)));
  assert.equal(allowedOf(spread.map((t) => t.allowed)), PASSWORD_LINK_TRIES.max);
});

test("image uploads and password-reset requests (the same take, under their names)", async () => {
  const account = `acc_${unique()}`;
  assert.equal(allowedOf((await atOnce(() => limiter("image-upload", 60, 60 * 60_000).take(account))).map((t) => t.allowed)), 60);
  const client = `192.0.2.${unique()}`;
  assert.equal(allowedOf((await atOnce(() => limiter("reset-client", 20, 60 * 60_000).take(client))).map((t) => t.allowed)), 20);
});
