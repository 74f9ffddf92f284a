import { statfsSync } from "node:fs";
import { HopError } from "../errors";

// A backup or a restore that cannot fit is refused before it starts, with what it needs, instead
// of filling the disk halfway. Memory needs no such check: every copy streams (bounded buffers).

const MB = 1024 * 1024;

/** Bytes free to this process on the file system holding `dir`. */
export function freeBytes(dir: string): number {
  const stats = statfsSync(dir);
  return Number(stats.bavail) * Number(stats.bsize);
}

/** Refuses (400, the numbers named) when `dir`'s file system has less than `needed` bytes free. */
export function assertRoom(dir: string, needed: number, what: string): void {
  const free = freeBytes(dir);
  if (free >= needed) return;
  throw new HopError("invalid_request", {
    message: `Not enough disk space for ${what}: it needs about ${Math.ceil(needed / MB).toLocaleString("en")} MB in ${dir}, and ${Math.floor(free / MB).toLocaleString("en")} MB are free. Free some space or choose another place.`,
  });
}
