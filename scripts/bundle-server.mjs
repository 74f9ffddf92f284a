// The last step of `npm run build`: server.ts and scripts/cli.ts, each with the part of the
// project it imports, bundled into ES modules under .next/hop/ (packages stay in node_modules).
// `npm start`, the tests and the bench run the bundle with plain `node`, so a start no longer pays
// for tsx compiling and source-mapping ~300 modules: 8.4 → 6.0 s of CPU per start on this 2-core
// machine (docs/testing.md). `npm run dev` and `npm run cli` still run the sources through tsx.
import { build } from "esbuild";
import { rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const BUNDLE_DIR = path.join(root, ".next", "hop");
export const SERVER_BUNDLE = path.join(BUNDLE_DIR, "server.mjs");
export const CLI_BUNDLE = path.join(BUNDLE_DIR, "cli.mjs");

// A module that finds files next to itself (the project root, .env) must still find them once it
// lives inside the bundle: its import.meta.url becomes its own file's address, reckoned from the
// bundle's (so the built tree can move as a whole).
const keepOwnLocation = {
  name: "keep-own-location",
  setup(bundler) {
    bundler.onLoad({ filter: /\.(ts|tsx|mts|mjs|js)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta")) return undefined;
      if (/import\.meta\.(dirname|filename)/.test(source)) throw new Error(`${args.path}: use fileURLToPath(import.meta.url), which the bundle keeps`);
      const fromBundle = path.relative(BUNDLE_DIR, args.path).split(path.sep).join("/");
      const contents = source.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`);
      const loader = args.path.endsWith(".tsx") ? "tsx" : /\.m?ts$/.test(args.path) ? "ts" : "js";
      return { contents, loader, resolveDir: path.dirname(args.path) };
    });
  },
};

// In an ES module every `import` of a package runs before the module's own code, so in one bundle
// of server.ts, Next (and every package) would load before the first lines server.ts relies on
// running first: lib/server/keep-tick-object.ts (before any full collection) and the .env files
// (before anything reads the configuration). The server's entry is therefore a prelude that runs
// those two, then imports server.ts as a separate chunk, whose packages load only then.
const SERVER_PRELUDE = `import "./lib/server/keep-tick-object";
import "./lib/server/load-env";
await import("./server");
`;
const prelude = {
  name: "server-prelude",
  setup(bundler) {
    bundler.onResolve({ filter: /^hop:server-prelude$/ }, () => ({ path: "server-prelude", namespace: "hop" }));
    bundler.onLoad({ filter: /.*/, namespace: "hop" }, () => ({ contents: SERVER_PRELUDE, loader: "ts", resolveDir: root }));
  },
};

export async function bundleServer() {
  const common = {
    absWorkingDir: root,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    packages: "external",
    logLevel: "warning",
  };
  // The chunks' names carry a hash: a bundle made again leaves none of the last one's behind.
  rmSync(BUNDLE_DIR, { recursive: true, force: true });
  await Promise.all([
    // Split, so the prelude and server.ts share one copy of every module they both import.
    build({ ...common, entryPoints: { server: "hop:server-prelude" }, outdir: BUNDLE_DIR, outExtension: { ".js": ".mjs" }, splitting: true, chunkNames: "server-[name]-[hash]", plugins: [prelude, keepOwnLocation] }),
    build({ ...common, entryPoints: ["scripts/cli.ts"], outfile: CLI_BUNDLE, plugins: [keepOwnLocation] }),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer();
