import { readdirSync, readFileSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import { log } from "./log";

// The thread that answers visitors comes first on a busy machine. Image decoding (libvips), the
// backup's compression and every other job on libuv's pool run on threads of their own; on a
// machine with few cores they compete with the main thread for the CPU, and the scheduler shares
// it equally: a burst of uploads took the cached redirect's p99 up 27×. Linux lets a process give
// its own threads a lower priority (a higher nice value), so the pool's and libvips's threads get
// what the main thread leaves, and nothing less when it is idle. Threads come and go, so the scan
// runs at start, before image and backup work, and every few seconds; it reads /proc only.

/** The nice value background threads run at: under CPU contention they get about a tenth of what the main thread gets. */
export const BACKGROUND_NICE = 10;
const BACKGROUND_THREADS = /^(libuv-worker|libvips worker)/;

let warned = false;

/** Lowers the priority of this process's pool and libvips threads (Linux; elsewhere nothing). Answers how many it lowered. */
export function lowerBackgroundThreads(): number {
  if (process.platform !== "linux") return 0;
  let lowered = 0;
  try {
    for (const tid of readdirSync("/proc/self/task")) {
      const id = Number(tid);
      if (id === process.pid) continue;
      let name: string;
      try {
        name = readFileSync(`/proc/self/task/${tid}/comm`, "utf8");
      } catch {
        continue; // the thread ended meanwhile
      }
      if (!BACKGROUND_THREADS.test(name)) continue;
      // On Linux a priority set by thread id is that thread's alone.
      if (getPriority(id) >= BACKGROUND_NICE) continue;
      setPriority(id, BACKGROUND_NICE);
      lowered += 1;
    }
  } catch (error) {
    if (!warned) log.warn("background threads keep their priority", { error: String(error) });
    warned = true;
  }
  return lowered;
}

/** The scan every `everyMs` (and once now); answers the stop. */
export function keepBackgroundThreadsLow(everyMs = 5_000): () => void {
  lowerBackgroundThreads();
  const timer = setInterval(lowerBackgroundThreads, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** A child process this one started for background work (pg_dump, pg_restore) runs below it too. */
export function setLowPriority(pid: number): void {
  try {
    setPriority(pid, BACKGROUND_NICE);
  } catch {
    // It may have ended already; its priority no longer matters then.
  }
}
