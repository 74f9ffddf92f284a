import type { IncomingMessage, ServerResponse } from "node:http";

const LINGER_MS = 2_000;
// A client that pumps as fast as loopback allows could push tens of MB in those 2 s, every byte
// read (and dropped) by this process: the drain is bounded in bytes as well.
const LINGER_BYTES = 4 * 1024 * 1024;

/**
 * An answer that leaves before the request's body was read whole (a 413, a 405, a refusal that
 * needs no body) ends the connection: the rest of an upload is not wanted. But a socket closed
 * with unread bytes makes the kernel reset the connection, and the reset can destroy the answer
 * before the client has read it (a client still sending — a chunked DELETE's last chunk, a 2 MB
 * upload — would see only the reset). So the answer is followed by a FIN alone, and what the client
 * still sends is read and dropped for up to 2 s (and 4 MB) before the socket goes ("lingering close"). Node
 * closes at once after answering a `Connection: close` request: that close waits the same way.
 */
export function closeAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket;
  // The answer says so (`Connection: close`): a keep-alive client would otherwise send its next
  // request on a connection this end has finished with, and see it hang up.
  const writeHead = res.writeHead;
  res.writeHead = function closingWriteHead(this: ServerResponse, ...args: unknown[]) {
    if (!req.complete) this.shouldKeepAlive = false;
    return Reflect.apply(writeHead, this, args) as ServerResponse;
  } as typeof res.writeHead;
  const destroySoon = socket.destroySoon;
  socket.destroySoon = () => (req.complete ? destroySoon.call(socket) : socket.end());
  res.once("finish", () => {
    socket.destroySoon = destroySoon;
    if (req.complete) return;
    socket.end();
    let dropped = 0;
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.byteLength;
      if (dropped > LINGER_BYTES) socket.destroy();
    });
    req.resume();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  });
}
