// The bounds and lifetimes of the in-process caches (see docs/visitor-path.md, "Caches").
// Sizes are estimates in bytes: the length of the JSON of what an entry keeps, plus a fixed
// overhead per entry for the key and the cache's own bookkeeping.
import { tunable } from "../config";

const MB = 1024 * 1024;

export const ENTRY_OVERHEAD_BYTES = 200;

/** The smallest bound accepted from the environment. */
export const MIN_BOUND_BYTES = 16 * 1024;

export interface CacheBounds {
  /** Resolved links (what the answer needs), VISIT_CACHE_MAX_BYTES. */
  linkBytes: number;
  /** "No such link" addresses, VISIT_CACHE_MISS_MAX_BYTES: a scan of random slugs stays here. */
  missBytes: number;
  /** Host → serves links or not, VISIT_CACHE_HOST_MAX_BYTES: a scan of random Host headers stays here. */
  hostBytes: number;
}

export const DEFAULT_BOUNDS: CacheBounds = { linkBytes: 64 * MB, missBytes: 4 * MB, hostBytes: 1 * MB };

export type Ttls = Record<"link" | "miss" | "host" | "hostMiss" | "apiKey", number>;

/**
 * The backstop against a lost invalidation (a Redis message that never arrived): an entry is
 * asked again after this long even if nothing was announced. "No such" answers live shorter, so
 * a link or domain created while the relay was down is seen sooner.
 */
export const TTL_MS: Ttls = {
  link: 60_000,
  miss: 10_000,
  host: 60_000,
  hostMiss: 10_000,
  apiKey: 60_000,
};

/** At most this many API keys are kept (one small entry each; unknown keys are never kept). */
export const MAX_API_KEYS = 10_000;

// A tiny bound is raised to the floor, so an entry always fits (a host that cannot be kept would
// be asked of the database again on every request).
export function boundsFromEnv(): CacheBounds {
  return {
    linkBytes: Math.max(tunable("VISIT_CACHE_MAX_BYTES"), MIN_BOUND_BYTES),
    missBytes: Math.max(tunable("VISIT_CACHE_MISS_MAX_BYTES"), MIN_BOUND_BYTES),
    hostBytes: Math.max(tunable("VISIT_CACHE_HOST_MAX_BYTES"), MIN_BOUND_BYTES),
  };
}
