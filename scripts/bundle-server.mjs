// The last step of `npm run build`: server.ts and scripts/cli.ts, each with the part of the
// project it imports, bundled into one ES module under .next/hop/ (packages stay in node_modules).
// `npm start`, the tests and the bench run the bundle with plain `node`, so a start no longer pays
// for tsx compiling and source-mapping ~300 modules: 8.4 → 6.0 s of CPU per start on this 2-core
// machine (docs/testing.md). `npm run dev` and `npm run cli` still run the sources through tsx.
import { build } from "esbuild";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const BUNDLE_DIR = path.join(root, ".next", "hop");
export const SERVER_BUNDLE = path.join(BUNDLE_DIR, "server.mjs");
export const CLI_BUNDLE = path.join(BUNDLE_DIR, "cli.mjs");

// A module that finds files next to itself (the project root, .env) must still find them once it
// lives inside the bundle: its own import.meta values are written in as constants.
const keepOwnLocation = {
  name: "keep-own-location",
  setup(bundler) {
    bundler.onLoad({ filter: /\.(ts|tsx|mts|mjs|js)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta")) return undefined;
      const contents = source
        .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll("import.meta.dirname", JSON.stringify(path.dirname(args.path)))
        .replaceAll("import.meta.filename", JSON.stringify(args.path));
      const loader = args.path.endsWith(".tsx") ? "tsx" : /\.m?ts$/.test(args.path) ? "ts" : "js";
      return { contents, loader, resolveDir: path.dirname(args.path) };
    });
  },
};

export async function bundleServer() {
  // Two whole bundles, not split: a shared chunk would run before an entry's own first import,
  // and server.ts depends on what it imports first.
  const bundle = (entry, outfile) => build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    packages: "external",
    plugins: [keepOwnLocation],
    logLevel: "warning",
  });
  await Promise.all([bundle("server.ts", SERVER_BUNDLE), bundle("scripts/cli.ts", CLI_BUNDLE)]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer();
