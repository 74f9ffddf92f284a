// A bare node:http server answering 302, and 40 MP pictures decoded the way an upload is
// (lib/images/encode-upload.ts: read sequentially, fitted into 640 px, WebP), on request, either
// on this process's own threads at nice 10 or in a child process at nice 10 (scripts/bench/
// image-placement.ts reads its redirects' p99 meanwhile; decision 055). Prints its port; on
// standard input `here N` or `apart N` decodes N pictures one after another, then prints `done`.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { getPriority, setPriority } from "node:os";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

sharp.concurrency(1);
sharp.cache(false);
const NICE = 10;

const picture = () =>
  sharp({ create: { width: 8000, height: 5000, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .composite([{ input: Buffer.from(`<svg width="8000" height="5000"><text x="100" y="900" font-size="700">hop</text></svg>`), top: 0, left: 0 }])
    .png({ compressionLevel: 9 })
    .toBuffer();

/** The pool's and libvips's threads of this process at nice 10, as lib/threads.ts does. */
function lowerThreads() {
  for (const tid of readdirSync("/proc/self/task")) {
    if (Number(tid) === process.pid) continue;
    const name = readFileSync(`/proc/self/task/${tid}/comm`, "utf8");
    if (/^(libuv-worker|libvips worker)/.test(name) && getPriority(Number(tid)) < NICE) setPriority(Number(tid), NICE);
  }
}

async function decode(png, count, lower) {
  for (let i = 0; i < count; i += 1) {
    if (lower) lowerThreads();
    await sharp(png, { sequentialRead: true }).rotate().resize(640, 640, { fit: "inside" }).webp({ quality: 82, effort: 4 }).toBuffer();
  }
}

if (process.argv[2] === "--child") {
  setPriority(NICE);
  await decode(await picture(), Number(process.argv[3]), false);
  process.exit(0);
}

const png = await picture();
const server = http.createServer((req, res) => {
  res.writeHead(req.url === "/bench" ? 302 : 404, { location: "https://example.com/destination" });
  res.end();
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`listening on port ${server.address().port}\n`));
for await (const line of createInterface({ input: process.stdin })) {
  const [where, count] = line.split(" ");
  if (where === "here") await decode(png, Number(count), true);
  else {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--child", count], { stdio: "inherit" });
    await new Promise((resolve) => child.on("exit", resolve));
  }
  process.stdout.write("done\n");
}
