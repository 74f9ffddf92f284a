import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

// The static rules of the database connections (issue 56). No code inside a transaction reaches
// the pool (the runtime half is lib/db/transaction-scope.ts, tests/unit/db-transaction-scope.test.ts):
// a transaction's callback in lib/ names its own client only — never the outer `db`, db(), readSql
// or eventSql — so paths no test takes are held to the rule too. And the pools are made in one
// place, whose instance lib/shared.ts keeps once per process.

const LIB = path.resolve(import.meta.dirname, "..", "..", "lib");
const OPENERS = /(\$transaction|withAccountLock)\(/g;
/** The outer client used or handed on, db() called, or the other accesses opened. */
const POOL = /(?<![\w.$])(db\s*\.|db\s*\(|db\s*[,)]|readSql\s*\(|eventSql\s*\()/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (entry === "generated") return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) ? [full] : [];
  });
}

/** The text of the call's arguments from `open` (the index of its "("), up to the matching ")". */
function argumentsOf(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === "(") depth += 1;
    else if (text[i] === ")" && (depth -= 1) === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** The callback of a transaction call: from its first arrow on (the array form has none). */
function callbackOf(args: string): string | null {
  const arrow = args.indexOf("=>");
  return arrow === -1 ? null : args.slice(arrow + 2);
}

test("no transaction callback in lib/ reaches the pool", () => {
  const offences: string[] = [];
  let callbacks = 0;
  for (const file of sourceFiles(LIB)) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(OPENERS)) {
      const body = callbackOf(argumentsOf(text, match.index + match[0].length - 1));
      if (body === null) continue;
      callbacks += 1;
      const hit = POOL.exec(body);
      if (hit) offences.push(`${path.relative(LIB, file)}:${text.slice(0, match.index).split("\n").length}: ${hit[0]} inside ${match[1]}'s callback`);
    }
  }
  assert.ok(callbacks >= 25, `found ${callbacks} transaction callbacks: the scan reads lib/`);
  assert.deepEqual(offences, []);
});

test("the scan finds the pool named inside a callback", () => {
  const text = "await db.$transaction(async (tx) => { await tx.link.create({}); await db.link.count(); });";
  for (const reach of ["db.link.count()", "ownerPlan(db, id)", "await db()", "(await readSql())(q, [])"]) {
    const body = `await db.$transaction(async (tx) => { await tx.link.create({}); await ${reach}; });`;
    assert.match(callbackOf(argumentsOf(body, body.indexOf("(", body.indexOf("$transaction")))) ?? "", POOL, reach);
  }
  const open = text.indexOf("$transaction(") + "$transaction".length;
  assert.match(callbackOf(argumentsOf(text, open)) ?? "", POOL);
  const clean = "await db.$transaction(async (tx) => { await tx.link.count(); }, { maxWait: 1 });";
  assert.doesNotMatch(callbackOf(argumentsOf(clean, clean.indexOf("(", clean.indexOf("$transaction")))) ?? "", POOL);
});

test("pools and Prisma clients are made in lib/db/open.ts only (one set per process, kept in lib/shared.ts)", () => {
  const makers = /new\s+(PrismaClient|AppPool|pg\.Pool|Pool)\s*\(/g;
  const elsewhere: string[] = [];
  let inOpen = 0;
  for (const file of sourceFiles(LIB)) {
    const name = path.relative(LIB, file).split(path.sep).join("/");
    for (const match of readFileSync(file, "utf8").matchAll(makers)) {
      if (name === "db/open.ts") inOpen += 1;
      else elsewhere.push(`${name}: ${match[0]}`);
    }
  }
  assert.ok(inOpen >= 4, `lib/db/open.ts makes the clients and pools (${inOpen} found)`);
  assert.deepEqual(elsewhere, []);
});
