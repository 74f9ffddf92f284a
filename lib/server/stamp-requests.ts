import http from "node:http";
import type { Duplex } from "node:stream";
import { stampClientIp } from "../net/client-ip";
import { shared } from "../shared";

// Under `next start` Hop does not own the HTTP server, and neither proxy.ts nor a route handler can
// see the socket. Next's server is a node:http server, so stamping each request as it is emitted
// gives them the visitor's address exactly as server.ts stamps it (lib/net/client-ip.ts). Requests
// that arrived while Next was still starting carry no stamp; they fall back to X-Forwarded-For.
// The same hook lets `screen` answer what Next would fail on (an undecodable path is Next's 500)
// before Next sees it, as server.ts does, and gives each server a CONNECT answer (Node drops a
// CONNECT's connection when the server has no listener, and Next adds none) as its first connection
// arrives; the entry passes both in (lib/server sits below lib/api).

export type RequestScreen = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
export type ConnectAnswer = (req: http.IncomingMessage, socket: Duplex) => void;

export function stampEveryRequest(screen: RequestScreen, answerConnect: ConnectAnswer): void {
  shared("requestStamping", () => {
    const emit = http.Server.prototype.emit;
    http.Server.prototype.emit = function stampingEmit(this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
      if (event === "connection" && this.listenerCount("connect") === 0) this.on("connect", answerConnect);
      if (event === "request") {
        stampClientIp(args[0] as http.IncomingMessage);
        if (screen(args[0] as http.IncomingMessage, args[1] as http.ServerResponse)) return true;
      }
      return Reflect.apply(emit, this, [event, ...args]) as boolean;
    };
    return true;
  });
}
