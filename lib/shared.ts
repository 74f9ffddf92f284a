// The custom server (server.ts, loaded by tsx) and Next's bundled route handlers each get their own
// copy of every module. Process-wide state (database, counters, caches) must exist once, so it
// lives on globalThis under one registry and both copies reach the same instance.
const registry: Map<string, unknown> = ((globalThis as Record<string, unknown>).__hopShared ??=
  new Map()) as Map<string, unknown>;

export function shared<T>(name: string, create: () => T): T {
  if (!registry.has(name)) registry.set(name, create());
  return registry.get(name) as T;
}

export function resetShared(name: string): void {
  registry.delete(name);
}

/** The instance if it was created, without creating it. */
export function peekShared<T>(name: string): T | undefined {
  return registry.get(name) as T | undefined;
}
