import http from "node:http";
import { stampClientIpWithToken } from "../net/client-ip";
import { shared } from "../shared";

// Under `next start` Hop does not own the HTTP server, and neither proxy.ts nor a route handler can
// see the socket. Next's server is a node:http server, so stamping each request as it is emitted
// gives them the visitor's address exactly as server.ts stamps it (lib/net/client-ip.ts). Requests
// that arrived while Next was still starting carry no stamp; they fall back to X-Forwarded-For.

export function stampEveryRequest(): void {
  shared("requestStamping", () => {
    const emit = http.Server.prototype.emit;
    http.Server.prototype.emit = function stampingEmit(this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
      if (event === "request") stampClientIpWithToken(args[0] as http.IncomingMessage);
      return Reflect.apply(emit, this, [event, ...args]) as boolean;
    };
    return true;
  });
}
