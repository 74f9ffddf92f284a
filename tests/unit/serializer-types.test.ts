import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import ts from "typescript";

// Issue 30: a serializer that drifts from its response schema fails tsc, not only a test. The
// fixture holds two link serializers written as lib/links/link-object.ts is (`satisfies
// z.input<typeof LinkObject>`, the real schema), one without a field and one with a wrongly typed
// field. Compiled alone with the compiler API (no Next, no @types), it must fail with those two
// diagnostics, and compile once the two drifted lines are corrected.

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const FIXTURE = path.join(ROOT, "tests", "fixtures", "serializer-drift.ts");
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ["lib.es2023.d.ts"],
  types: [],
};
/** Each drifted line of the fixture and what it says once corrected. */
const CORRECTIONS: Array<[string, string]> = [
  ["// drift: updatedAt left out", "updatedAt: createdAt.toISOString(),"],
  ['isActive: "yes", // drift: a string where the schema has a boolean', "isActive: true,"],
];

/** The fixture's diagnostics, one line each: `line code message`; `text` replaces its content. */
function diagnosticsOf(text: string, oldProgram?: ts.Program): { lines: string[]; program: ts.Program } {
  const host = ts.createCompilerHost(OPTIONS);
  const readSource = host.getSourceFile;
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    path.resolve(fileName) === FIXTURE ? ts.createSourceFile(fileName, text, languageVersion) : readSource.call(host, fileName, languageVersion, ...rest);
  const program = ts.createProgram({ rootNames: [FIXTURE], options: OPTIONS, host, oldProgram });
  const lines = ts.getPreEmitDiagnostics(program).map((d) => {
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    return `${path.relative(ROOT, d.file?.fileName ?? "")}:${line} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
  });
  return { lines, program };
}

test("a serializer that drifts from its response schema does not compile; corrected, it does", () => {
  const drifted = readFileSync(FIXTURE, "utf8");
  const lineOf = (marker: string) => drifted.split("\n").findIndex((line) => line.includes(marker)) + 1;
  const refused = diagnosticsOf(drifted);
  assert.equal(refused.lines.length, 2, refused.lines.join("\n"));
  const [missing, wrongType] = refused.lines;
  assert.match(missing, /TS1360 .*does not satisfy the expected type.*Property 'updatedAt' is missing/);
  assert.match(wrongType, new RegExp(`serializer-drift\\.ts:${lineOf('isActive: "yes"')} TS2322 Type 'string' is not assignable to type 'boolean'`));

  let corrected = drifted;
  for (const [line, fixed] of CORRECTIONS) {
    assert.ok(corrected.includes(line), `the fixture still has: ${line}`);
    corrected = corrected.replace(line, fixed);
  }
  assert.deepEqual(diagnosticsOf(corrected, refused.program).lines, []);
});
