import type { IncomingMessage } from "node:http";
import { config } from "../config";

/**
 * The server sets this request header for Next from the socket (or from X-Forwarded-For with
 * TRUST_PROXY), after deleting whatever the client sent under that name, so route handlers can
 * trust it for per-IP limits.
 */
export const CLIENT_IP_HEADER = "x-hop-client-ip";

export function stampClientIp(req: IncomingMessage): void {
  const forwarded = config().trustProxy ? String(req.headers["x-forwarded-for"] ?? "").split(",")[0].trim() : "";
  req.headers[CLIENT_IP_HEADER] = forwarded || req.socket.remoteAddress || "unknown";
}
