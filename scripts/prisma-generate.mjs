// Prisma 7's CLI wants a native schema engine even for `generate`, which needs none; pointing the
// variable at any existing file keeps it from trying to download one on machines without access.
//
// The client is generated again only when the schema or Prisma's version changed since the last
// time (a stamp beside the output): `npm run build` runs this, and CI type-checks beside the build,
// so rewriting an unchanged client under a running `tsc` made it read a file being replaced.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
if (!existsSync(`${root}/prisma/schema.prisma`)) process.exit(0);
const stampFile = `${root}/lib/generated/prisma/.generated-from`;
const stamp = createHash("sha256")
  .update(readFileSync(`${root}/prisma/schema.prisma`))
  .update(readFileSync(`${root}/node_modules/prisma/package.json`))
  .update(readFileSync(`${root}/prisma.config.ts`))
  .digest("hex");
if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp && existsSync(`${root}/lib/generated/prisma/client.ts`)) {
  console.log("Prisma client up to date (schema unchanged).");
  process.exit(0);
}
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
env.PRISMA_SCHEMA_ENGINE_BINARY ||= fileURLToPath(import.meta.url);
const result = spawnSync(process.execPath, [`${root}/node_modules/prisma/build/index.js`, "generate"], {
  cwd: root,
  env,
  stdio: "inherit",
});
if (result.status === 0) writeFileSync(stampFile, stamp);
process.exit(result.status ?? 1);
