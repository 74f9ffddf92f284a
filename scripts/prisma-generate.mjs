// Prisma 7's CLI wants a native schema engine even for `generate`, which needs none; pointing the
// variable at any existing file keeps it from trying to download one on machines without access.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
if (!existsSync(`${root}/prisma/schema.prisma`)) process.exit(0);
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
env.PRISMA_SCHEMA_ENGINE_BINARY ||= fileURLToPath(import.meta.url);
const result = spawnSync(process.execPath, [`${root}/node_modules/prisma/build/index.js`, "generate"], {
  cwd: root,
  env,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
