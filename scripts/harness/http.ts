// The API as the tests and the bench call it: one JSON request, and accounts with keys made through
// the operator commands (the admin endpoint of the running server).
import { randomBytes } from "node:crypto";
import { admin, type HopServer } from "./hop-server";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  key?: string | null;
  body?: unknown;
  /** Raw body text, sent as is (for malformed JSON tests). */
  raw?: string;
  headers?: Record<string, string>;
}

/** One request; the body parsed as JSON when it is JSON. */
export async function apiRequest<T = any>(server: HopServer, method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(`${server.url}${path}`, { method, headers, body, redirect: "manual" });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

export interface TestAccount {
  id: string;
  email: string;
  key: string;
  keyId: string;
}

/** An account with one key, made through the same commands as `npm run cli`. */
export async function createAccount(
  server: HopServer,
  options: { plan?: string; role?: "full" | "creator" | "viewer" | "legacy"; email?: string } = {},
): Promise<TestAccount> {
  const email = options.email ?? `t-${randomBytes(5).toString("hex")}@example.test`;
  const account = await admin(server, "account", "create", "--email", email, "--plan", options.plan ?? "growth");
  const key = await admin(server, "key", "create", "--email", email, "--role", options.role ?? "full");
  return { id: String(account.id), email, key: String(key.key), keyId: String(key.id) };
}

export async function addKey(server: HopServer, email: string, role: "full" | "creator" | "viewer" | "legacy") {
  const key = await admin(server, "key", "create", "--email", email, "--role", role);
  return { key: String(key.key), keyId: String(key.id) };
}
