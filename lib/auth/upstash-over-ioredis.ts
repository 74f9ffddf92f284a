import type { Redis as IORedis } from "ioredis";
import { Redis } from "@upstash/redis";

/**
 * An @upstash/redis client whose commands travel over the app's own ioredis connection instead
 * of Upstash's HTTP API: the custom requester receives each command as the array Upstash would
 * POST and runs it with `call`. No HTTP proxy, no second connection.
 */
export function upstashOverIoredis(client: IORedis): Redis {
  return new Redis({
    async request<TResult>(req: { body?: unknown }) {
      const [command, ...args] = req.body as unknown[];
      try {
        const result = await client.call(String(command), ...args.map(toArgument));
        return { result: result as TResult };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    },
  });
}

function toArgument(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
