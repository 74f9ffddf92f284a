// `npm start`: build if needed, then run server.ts (which applies migrations and serves
// dashboard, API and visitors). `npm run dev` runs the same server with Next in dev mode.
import { spawn } from "node:child_process";
import { buildIfNeeded, root } from "./build-if-needed.mjs";
import nextEnv from "@next/env";
import { serverArgs } from "./server-command.mjs";

const dev = process.argv.includes("--dev");
// The .env files now, as the server reads them: the memory budget and the database mode choose
// the server's Node flags (scripts/server-command.mjs).
nextEnv.loadEnvConfig(root, dev, { info: () => undefined, error: console.error });
if (!dev) buildIfNeeded();
const child = spawn(process.execPath, serverArgs(...(dev ? ["--dev"] : [])), {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: dev ? "development" : "production", NEXT_TELEMETRY_DISABLED: "1", ...process.env },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
