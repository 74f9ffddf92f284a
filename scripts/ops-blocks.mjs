// The fenced blocks of docs/operations.md with the marker on the line above them:
// `<!-- ops: <id> … -->` (commands: tests/api/operations-guide.test.ts runs them, or .ci/run's
// smoke step) or `<!-- file: <path> -->` (a file of the repository, shown whole).
// `node scripts/ops-blocks.mjs <id>` prints one block's commands (what .ci/run runs).
import { readFileSync } from "node:fs";
import path from "node:path";

export const GUIDE = path.join(import.meta.dirname, "..", "docs", "operations.md");

/** Every fenced block: its language, text and marker (null when the line above has none). */
export function guideBlocks(text = readFileSync(GUIDE, "utf8")) {
  const lines = text.split("\n");
  const blocks = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^```(\w*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const end = lines.indexOf("```", i + 1);
    if (end === -1) throw new Error(`docs/operations.md: the block at line ${i + 1} is not closed`);
    const marker = /^<!-- (ops|file): (\S+)[^>]*-->$/.exec(lines[i - 1] ?? "");
    blocks.push({ line: i + 1, lang: open[1], text: lines.slice(i + 1, end).join("\n") + "\n", kind: marker?.[1] ?? null, id: marker?.[2] ?? null });
    i = end;
  }
  return blocks;
}

if (process.argv[1] === import.meta.filename) {
  const block = guideBlocks().find((b) => b.kind === "ops" && b.id === process.argv[2]);
  if (!block) {
    process.stderr.write(`docs/operations.md has no block marked ops: ${process.argv[2]}\n`);
    process.exit(1);
  }
  process.stdout.write(block.text);
}
