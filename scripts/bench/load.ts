// The bench's load generator and baseline, each in a process of its own: `wrk` (installed from apt
// when missing), one thread, the same connections and duration for every side, so neither the
// generator nor the raw server takes CPU from the process it measures.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const PRIMARY = "localhost:3000";
export const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
/** What Chrome sends: a page run asks for its coding as a browser does. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export interface Run {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Responses that were neither 2xx nor 3xx, and socket errors. */
  bad: number;
  /** What wrk printed (a script's own lines among it). */
  output?: string;
}

export function ensureWrk(): void {
  if (spawnSync("wrk", ["--version"]).error === undefined) return;
  console.log("wrk missing: installing it (apt-get install -y wrk)");
  const result = spawnSync("apt-get", ["install", "-y", "wrk"], { stdio: "ignore" });
  if (result.status !== 0) throw new Error("wrk is needed by the bench: apt-get install -y wrk");
}

function ms(value: string, unit: string): number {
  const n = Number(value);
  return unit === "us" ? n / 1000 : unit === "s" ? n * 1000 : unit === "m" ? n * 60_000 : n;
}

function parse(output: string): Run {
  const latency = (pct: string) => {
    const m = new RegExp(`^\\s*${pct}%\\s+([\\d.]+)(us|ms|s|m)`, "m").exec(output);
    return m ? ms(m[1], m[2]) : NaN;
  };
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const bad = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0) + (errors ? errors.slice(1).reduce((a, b) => a + Number(b), 0) : 0);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0), p50: latency("50"), p99: latency("99"), requests, bad };
}

export interface LoadOptions {
  host?: string;
  userAgent?: string;
  /** An Accept-Encoding header (none by default: wrk's own requests send none). */
  acceptEncoding?: string;
  seconds?: number;
  connections?: number;
  /** A wrk Lua script (its text), e.g. one that picks a path and Host per request. */
  script?: string;
  /**
   * The script prints this when it is done (wrk's own duration is then only a ceiling): wrk is
   * interrupted, which makes it print its results, and the rate is over the time until then.
   */
  stopOn?: string;
  /** wrk is interrupted when this settles (its duration is then only a ceiling); the rate is over the time until then. */
  until?: Promise<unknown>;
}

/** Starts wrk against `url`; resolves with its rate and latency percentiles. */
export function wrk(url: string, options: LoadOptions = {}): Promise<Run> {
  const args = ["-t1", `-c${options.connections ?? CONNECTIONS}`, `-d${options.seconds ?? SECONDS}s`, "--latency", "--timeout", "10s"];
  args.push("-H", `Host: ${options.host ?? PRIMARY}`, "-H", `User-Agent: ${options.userAgent ?? BROWSER}`);
  if (options.acceptEncoding) args.push("-H", `Accept-Encoding: ${options.acceptEncoding}`);
  if (options.script) {
    const file = path.join(tmpdir(), `hop-bench-${process.pid}-${Math.random().toString(36).slice(2)}.lua`);
    writeFileSync(file, options.script);
    args.push("-s", file);
  }
  args.push(url);
  const started = performance.now();
  let doneAt = 0;
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c) => {
      out += c;
      if (options.stopOn && !doneAt && out.includes(options.stopOn)) {
        doneAt = performance.now();
        child.kill("SIGINT");
      }
    });
    child.stderr.on("data", (c) => (out += c));
    const interrupt = () => {
      if (doneAt || child.exitCode !== null) return;
      doneAt = performance.now();
      child.kill("SIGINT");
    };
    // Settled either way (a load that failed still ends the run); its failure is the caller's to report.
    options.until?.then(interrupt, interrupt);
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`wrk failed (${code}):\n${out}`));
      const run = { ...parse(out), output: out };
      resolve(doneAt ? { ...run, rps: run.requests / ((doneAt - started) / 1000) } : run);
    });
  });
}

export interface RawServer {
  url: string;
  process: ChildProcess;
  stop: () => void;
}

export function startRawServer(): Promise<RawServer> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "raw-server.mjs")], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (c) => {
      out += c;
      const m = /port (\d+)/.exec(out);
      if (m) resolve({ url: `http://127.0.0.1:${m[1]}`, process: child, stop: () => void child.kill("SIGTERM") });
    });
    child.on("exit", (code) => reject(new Error(`raw server exited (${code})`)));
  });
}

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
export function residentMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024);
  return { rss: field("VmRSS"), peak: field("VmHWM") };
}

export function line(name: string, run: Pick<Run, "rps" | "p50" | "p99">): string {
  return `${name.padEnd(30)} ${run.rps.toFixed(0).padStart(7)} req/s   p50 ${run.p50.toFixed(2).padStart(6)} ms   p99 ${run.p99.toFixed(2).padStart(6)} ms`;
}
