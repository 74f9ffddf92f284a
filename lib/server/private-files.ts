import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { log } from "../log";

// DATA_DIR holds the embedded database, the admin secret, the session secret and the event spool:
// on a shared machine a world-readable (or, as PGlite leaves them, world-writable) file there lets
// any local user read or rewrite the data. Every process that writes there (the server, the CLI)
// sets its umask to 077 first, so what it creates is its owner's alone, and the server tightens
// what an older version (or another tool) left: directories 0700, files 0600.

/** Files and directories this process creates from now on: owner only. */
export function ownerOnlyUmask(): void {
  process.umask(0o077);
}

/**
 * Makes DATA_DIR 0700 and everything in it 0700 (directories) or 0600 (files); the count changed.
 * PGlite sets modes of its own (0644 on the relation cache files it writes once open, the archive's
 * modes on a restored data directory), so this runs after the database opened and after a restore.
 */
export function tightenDataDir(dir: string, options: { quiet?: boolean } = {}): number {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  let changed = 0;
  const walk = (at: string) => {
    const stat = lstatSync(at);
    if (stat.isSymbolicLink()) return; // never followed: a link could point anywhere
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== wanted) {
      chmodSync(at, wanted);
      changed += 1;
    }
    if (stat.isDirectory()) for (const entry of readdirSync(at)) walk(path.join(at, entry));
  };
  walk(dir);
  if (changed && !options.quiet) log.info("data dir: permissions made owner-only", { dir, changed });
  return changed;
}
