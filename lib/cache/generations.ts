// Stops a cache from storing an answer that an invalidation has already made stale.
//
// A lookup reads its token before it asks the database, and stores its answer only if none of the
// names it depends on (an address, a host, an account) was invalidated since. Each name's
// generation is the value of one counter at its last invalidation, so a single number per lookup
// covers names it cannot know in advance (the account of an API key is known only after the read).
//
// Only invalidations that happen while a lookup is in flight need remembering: with no lookup in
// flight the record is emptied. If lookups never stop (steady load) and the record reaches its
// bound, it is emptied and every lookup begun before that point counts as stale (a missed store,
// never a stale answer).

const MAX_TRACKED = 10_000;

export class Generations {
  #counter = 0;
  /** Tokens below the floor are stale: the record was emptied while they were in flight. */
  #floor = 0;
  #inFlight = 0;
  #lastBump = new Map<string, number>();

  /** Call before the read; pair with end() in a finally. */
  begin(): number {
    this.#inFlight += 1;
    return this.#counter;
  }

  end(): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    if (this.#inFlight === 0) this.#lastBump.clear();
  }

  /** Invalidates names: a lookup that began before now and depends on one of them stores nothing. */
  bump(...names: string[]): void {
    this.#counter += 1;
    if (this.#inFlight === 0) return;
    for (const name of names) this.#lastBump.set(name, this.#counter);
    if (this.#lastBump.size > MAX_TRACKED) {
      this.#lastBump.clear();
      this.#floor = this.#counter;
    }
  }

  /** Whether none of the names was invalidated since the token was taken. */
  unchangedSince(token: number, ...names: string[]): boolean {
    if (token < this.#floor) return false;
    return names.every((name) => (this.#lastBump.get(name) ?? -1) <= token);
  }

  /** Invalidates everything begun so far (a lost relay connection). */
  bumpAll(): void {
    this.#counter += 1;
    this.#lastBump.clear();
    this.#floor = this.#counter;
  }
}
