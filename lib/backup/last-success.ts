import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "../config";

// When the last backup succeeded, kept in DATA_DIR so that the server reports it
// (hop_backup_last_success_timestamp_seconds) whichever process wrote the backup: the server for
// `hop backup` through its admin endpoint, or the CLI on its own.

const FILE = "backup-last-success.json";

export function recordBackupSuccess(at: Date, file: string, bytes: number): void {
  const target = path.join(config().dataDir, FILE);
  const partial = `${target}.partial-${process.pid}`;
  writeFileSync(partial, JSON.stringify({ at: at.toISOString(), file, bytes }) + "\n", { mode: 0o600 });
  renameSync(partial, target);
}

/** Unix seconds of the last successful backup, or null when none is recorded. */
export function lastBackupSuccess(): number | null {
  try {
    const { at } = JSON.parse(readFileSync(path.join(config().dataDir, FILE), "utf8")) as { at?: unknown };
    const ms = typeof at === "string" ? Date.parse(at) : NaN;
    return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
  } catch {
    return null;
  }
}
