// `npm start`: build if needed, then run server.ts (which applies migrations and serves
// dashboard, API and visitors). `npm run dev` runs the same server with Next in dev mode.
import { spawn } from "node:child_process";
import { buildIfNeeded, root } from "./build-if-needed.mjs";
import { serverArgs } from "./server-command.mjs";

const dev = process.argv.includes("--dev");
if (!dev) buildIfNeeded();
const child = spawn(process.execPath, serverArgs(...(dev ? ["--dev"] : [])), {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: dev ? "development" : "production", NEXT_TELEMETRY_DISABLED: "1", ...process.env },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
