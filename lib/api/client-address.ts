import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { config } from "../config";

// Next's route handlers do not see the socket, so the server stamps the client's address on every
// request under this header, replacing whatever the client sent in it.
export const CLIENT_ADDRESS_HEADER = "x-hop-client-address";

/** The socket's address, or with TRUST_PROXY the first X-Forwarded-For entry. */
export function stampClientAddress(req: IncomingMessage): void {
  const forwarded = config().trustProxy ? String(req.headers["x-forwarded-for"] ?? "").split(",")[0].trim() : "";
  const address = (isIP(forwarded) ? forwarded : req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
  req.headers[CLIENT_ADDRESS_HEADER] = address;
}

/** The stamped address; null outside the server (nothing to throttle by). */
export function clientAddress(request: Request): string | null {
  return request.headers.get(CLIENT_ADDRESS_HEADER) || null;
}
