import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureWrk, wrk } from "./load";
import { fmt } from "./stats";

// Where an upload's decoding runs (decision 055): a bare node:http server's redirect p99 under
// wrk, quiet and while 8 pictures of 40 MP are decoded one after another, on the server's own
// threads at nice 10 (as Hop did) or in a process of their own at nice 10 (as Hop does). Two
// rounds of each, alternating. Only when named: `npm run bench -- image-placement`.

const CONNECTIONS = 10;
const here = path.dirname(fileURLToPath(import.meta.url));

export async function benchImagePlacement(): Promise<void> {
  ensureWrk();
  const server = spawn(process.execPath, [path.join(here, "decode-beside-server.mjs")], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  const waitFor = (text: string, from: number) =>
    new Promise<void>((resolve) => {
      const check = () => (out.indexOf(text, from) >= 0 ? resolve() : setTimeout(check, 20));
      check();
    });
  server.stdout!.on("data", (chunk) => (out += chunk));
  try {
    await waitFor("listening on port", 0);
    const url = `http://127.0.0.1:${/port (\d+)/.exec(out)![1]}/bench`;
    await wrk(url, { connections: CONNECTIONS, seconds: 3 });
    const quiet = await wrk(url, { connections: CONNECTIONS, seconds: 5 });
    console.log(`\nimage-placement — ${new Date().toISOString().slice(0, 10)}, node:http, ${CONNECTIONS} connections`);
    console.log("| 8 × 40 MP decoded | redirect p99 | × quiet | req/s |");
    console.log("|---|---|---|---|");
    console.log(`| none (quiet, 5 s) | ${fmt(quiet.p99, 2)} ms | — | ${Math.round(quiet.rps).toLocaleString("en")} |`);
    for (const where of ["here", "apart", "here", "apart"]) {
      const from = out.length;
      server.stdin!.write(`${where} 8\n`);
      const run = await wrk(url, { connections: CONNECTIONS, seconds: 600, until: waitFor("done", from) });
      const label = where === "here" ? "on the server's threads, nice 10" : "in a process of their own, nice 10";
      console.log(`| ${label} | ${fmt(run.p99, 2)} ms | ${fmt(run.p99 / quiet.p99, 1)} | ${Math.round(run.rps).toLocaleString("en")} |`);
    }
  } finally {
    server.kill("SIGTERM");
  }
}
