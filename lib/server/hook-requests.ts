import http from "node:http";
import type { Duplex } from "node:stream";
import { KEEP_ALIVE_MS } from "../http/prepared-response";
import { noteRequestArrival } from "../http/arrivals";
import { log } from "../log";
import { attachClientIp } from "../net/client-ip";
import { shared } from "../shared";

// Under `next start` Hop does not own the HTTP server, and neither proxy.ts nor a route handler can
// see the socket. Next's server is a node:http server, so hooking each request as it is emitted
// gives them the visitor's address and the request target as the client sent it, exactly as
// server.ts attaches them (lib/net/client-ip.ts). Requests that arrived while Next was still starting
// carry none; they fall back to X-Forwarded-For and Next's URL.
// The same hook lets `screen` answer what Next would fail on (an undecodable path is Next's 500)
// before Next sees it, as server.ts does, and, as each server's first connection arrives, gives it
// a CONNECT answer (Node drops a CONNECT's connection when the server has no listener, and Next
// adds none) and server.ts's keep-alive timeout (Next leaves Node's 5 s unless `next start` was
// given --keepAliveTimeout: a kept connection reused as it closes is a reset for the client, and a
// load balancer's idle connections outlive 5 s); the entry passes the answers in (lib/server sits
// below lib/api). Node's public
// `http.server.request.start` channel would see each request too, but cannot keep one from Next:
// hence the hook on `emit`. HOP_WORKAROUND_REQUEST_HOOK=off leaves Next's server as it is.

export type RequestScreen = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
export type ConnectAnswer = (req: http.IncomingMessage, socket: Duplex) => void;

/**
 * The start-up self-test: a server's `emit` is http.Server.prototype's own (what Node's HTTP code
 * calls for "connection" and "request"). When not, one warning, and nothing is hooked.
 */
export function checkRequestHook(proto: { emit?: unknown } = http.Server.prototype, probe: { emit?: unknown } = http.createServer()): boolean {
  const fits = typeof proto.emit === "function" && probe.emit === proto.emit;
  if (!fits) log.warn("workaround not installed: Node's HTTP server does not emit through its prototype", { workaround: "HOP_WORKAROUND_REQUEST_HOOK" });
  return fits;
}

/** Hooks every node:http server's requests (once per process); false when the self-test refused. */
export function hookEveryRequest(screen: RequestScreen, answerConnect: ConnectAnswer): boolean {
  return shared("requestHooking", () => {
    if (!checkRequestHook()) return false;
    const emit = http.Server.prototype.emit;
    const seen = new WeakSet<http.Server>();
    // Node's own: what a server Next started without --keepAliveTimeout keeps.
    const nodeKeepAlive = new http.Server().keepAliveTimeout;
    http.Server.prototype.emit = function hookedEmit(this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
      if (event === "connection" && !seen.has(this)) {
        seen.add(this);
        if (this.listenerCount("connect") === 0) this.on("connect", answerConnect);
        if (this.keepAliveTimeout === nodeKeepAlive) this.keepAliveTimeout = KEEP_ALIVE_MS;
      }
      if (event === "request") {
        noteRequestArrival();
        attachClientIp(args[0] as http.IncomingMessage);
        if (screen(args[0] as http.IncomingMessage, args[1] as http.ServerResponse)) return true;
      }
      return Reflect.apply(emit, this, [event, ...args]) as boolean;
    };
    return true;
  });
}
