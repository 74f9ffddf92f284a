import { Redis } from "ioredis";
import { config } from "../config";
import { log } from "../log";
import { shared } from "../shared";

/** The shared command connection, or null when REDIS_URL is unset. */
export function redis(): Redis | null {
  const url = config().redisUrl;
  if (!url) return null;
  return shared("redis", () => {
    const client = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: false });
    client.on("error", (error) => log.warn("redis error", { error: error.message }));
    return client;
  });
}

/** Every Redis key of this app starts with the prefix, so several deployments can share one server. */
export function redisKey(...parts: string[]): string {
  return [config().redisPrefix, ...parts].join(":");
}

export async function closeRedis(): Promise<void> {
  const registry = (globalThis as Record<string, unknown>).__hopShared as Map<string, unknown> | undefined;
  const client = registry?.get("redis") as Redis | undefined;
  if (!client) return;
  registry!.delete("redis");
  await client.quit().catch(() => client.disconnect());
}
