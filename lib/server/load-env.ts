import path from "node:path";
import { fileURLToPath } from "node:url";
import nextEnv from "@next/env";
import { ConfigError, config } from "../config";
import { ownerOnlyUmask } from "./private-files";

// server.ts and the CLI import this module first: .env files apply to this process before any module reads
// the configuration (some read their bounds when they load), and a wrong value stops the start
// here, with every wrong variable named, instead of a stack trace from whichever module read it.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
process.env.HOP_ROOT ??= root;
// Before anything is written: DATA_DIR's files and backups are the owner's alone (private-files.ts).
ownerOnlyUmask();
nextEnv.loadEnvConfig(root, process.argv.includes("--dev"), { info: () => undefined, error: console.error });
try {
  config();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`Hop: ${error.message}\nSee .env.example for every variable and its default.\n`);
  process.exit(1);
}
