// The custom server (server.ts, run from its bundle .next/hop/server.mjs, or through tsx in dev) and
// Next's bundled route handlers each get their own copy of every module. Process-wide state (database, counters, caches) must exist once, so it
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

// A pure function of a string, kept per distinct input in a bounded map: the values a hot path
// sees repeat (a browser's Accept-Encoding, a connection's peer address, a referrer), and when
// the map is full it is emptied, so inputs a client invents cost only the computation.

export interface StringMemo<T> {
  (input: string): T;
  /** Inputs kept now (never more than the bound). */
  readonly size: number;
}

export function memoByString<T>(max: number, compute: (input: string) => T): StringMemo<T> {
  const kept = new Map<string, T>();
  const memo = (input: string): T => {
    let value = kept.get(input);
    if (value === undefined && !kept.has(input)) {
      value = compute(input);
      if (kept.size >= max) kept.clear();
      kept.set(input, value);
    }
    return value as T;
  };
  return Object.defineProperty(memo, "size", { get: () => kept.size }) as StringMemo<T>;
}
