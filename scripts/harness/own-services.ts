// A PostgreSQL and a Redis that belong to one test file: started on free loopback ports in temp
// directories, stopped and started again to simulate an outage, removed at the end. Outage tests
// never touch the machine's shared servers. Missing binaries are an environment condition: the
// tests skip with `missingPostgres()` / `missingRedis()` as the reason.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function postgresBinDir(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, "bin", "pg_ctl")));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], "bin") : null;
}

function redisBinary(): string | null {
  for (const dir of (process.env.PATH ?? "").split(":").concat(["/usr/bin", "/usr/local/bin"])) {
    if (dir && existsSync(path.join(dir, "redis-server"))) return path.join(dir, "redis-server");
  }
  return null;
}

const isRoot = process.getuid?.() === 0;

function postgresUid(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** The reason to skip PostgreSQL outage tests here, or false when they can run. */
export function missingPostgres(): string | false {
  if (!postgresBinDir()) return "no PostgreSQL server binaries under /usr/lib/postgresql/*/bin";
  if (isRoot && !postgresUid()) return "running as root and no 'postgres' user to run the server as";
  return false;
}

export function missingRedis(): string | false {
  return redisBinary() ? false : "no redis-server binary on PATH";
}

export interface OwnPostgres {
  url: string;
  port: number;
  start: () => Promise<void>;
  /** Stops the server (fast shutdown: open connections are terminated, as in a real outage). */
  stop: () => Promise<void>;
  remove: () => Promise<void>;
}

/** An initdb'd cluster with trust auth on 127.0.0.1:<free port>, database `hop`, user `postgres`. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinDir()!;
  const dir = mkdtempSync(path.join(tmpdir(), "hop-own-pg-"));
  const owner = isRoot ? postgresUid()! : null;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] = owner ? ["runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
    execFileSync(cmd, argv, { stdio: "pipe", cwd: dir });
  };
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = async () => run("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-o", options, "-w", "-t", "30", "start"]);
  const stop = async () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
  await start();
  run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "hop"]);
  let removed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/hop`,
    port,
    start,
    stop,
    remove: async () => {
      if (removed) return;
      removed = true;
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface OwnRedis {
  url: string;
  port: number;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** One command over a plain socket (FLUSHALL, GET): simple, integer and bulk replies. */
  command: (...args: string[]) => Promise<string | number | null>;
  /** Freezes the server (SIGSTOP): connections stay open, commands get no answer. */
  pause: () => void;
  resume: () => void;
  remove: () => Promise<void>;
}

/** redis-server on 127.0.0.1:<free port>, no persistence (a restart loses every key). */
export async function startOwnRedis(): Promise<OwnRedis> {
  const binary = redisBinary()!;
  const dir = mkdtempSync(path.join(tmpdir(), "hop-own-redis-"));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const command = (...args: string[]) =>
    new Promise<string | number | null>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      let reply = "";
      socket.on("error", reject);
      socket.on("data", (chunk) => {
        reply += chunk.toString();
        const parsed = parseReply(reply);
        if (parsed === undefined) return;
        socket.end();
        if (parsed instanceof Error) reject(parsed);
        else resolve(parsed);
      });
      socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join("")}`);
    });
  const start = async () => {
    if (child && child.exitCode === null) return;
    child = spawn(binary, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { stdio: "ignore" });
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        if ((await command("PING")) === "PONG") return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error("redis-server did not start in 10 s");
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    command,
    pause: () => void child?.kill("SIGSTOP"),
    resume: () => void child?.kill("SIGCONT"),
    remove: async () => {
      child?.kill("SIGCONT");
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A complete RESP reply of one of the simple types, or undefined while more bytes are due. */
function parseReply(text: string): string | number | null | Error | undefined {
  const end = text.indexOf("\r\n");
  if (end === -1) return undefined;
  const head = text.slice(1, end);
  switch (text[0]) {
    case "+":
      return head;
    case "-":
      return new Error(head);
    case ":":
      return Number(head);
    case "$": {
      const length = Number(head);
      if (length < 0) return null;
      const body = text.slice(end + 2);
      return Buffer.byteLength(body) >= length + 2 ? body.slice(0, length) : undefined;
    }
    default:
      return new Error(`unexpected reply ${JSON.stringify(text.slice(0, 40))}`);
  }
}
