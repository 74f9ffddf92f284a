// The bench's ceiling: a bare node:http server answering 302 from a Map, in a process of its own
// (so it never shares a thread with the load generator or with Hop). Prints its port.
import http from "node:http";

const links = new Map([["/bench", "https://example.com/destination"]]);
const server = http.createServer((req, res) => {
  const location = links.get(req.url ?? "");
  if (location) {
    res.writeHead(302, { location });
    res.end();
  } else {
    res.writeHead(404);
    res.end();
  }
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`raw listening on port ${server.address().port}\n`));
process.on("SIGTERM", () => process.exit(0));
