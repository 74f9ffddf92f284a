import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { refusedLicences } from "../../scripts/check-licences.mjs";

const lock = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "..", "..", "package-lock.json"), "utf8"));

test("no runtime dependency of Hop carries a copyleft licence", () => {
  assert.deepEqual(refusedLicences(lock), []);
});

test("the check refuses AGPL, GPL and undeclared runtime licences, and LGPL outside sharp's libvips", () => {
  const fixture = {
    packages: {
      "": { name: "hop" },
      "node_modules/ua-parser-js": { version: "2.0.10", license: "AGPL-3.0-or-later" },
      "node_modules/some-gpl": { version: "1.0.0", license: "(MIT AND GPL-2.0)" },
      "node_modules/no-licence": { version: "1.0.0" },
      "node_modules/some-lgpl": { version: "1.0.0", license: "LGPL-2.1" },
      "node_modules/@img/sharp-libvips-linux-x64": { version: "1.3.4", license: "LGPL-3.0-or-later" },
      "node_modules/dev-only-gpl": { version: "1.0.0", license: "GPL-3.0", dev: true },
      "node_modules/fine": { version: "1.0.0", license: "MIT" },
    },
  };
  assert.deepEqual(
    refusedLicences(fixture).map((entry: { name: string }) => entry.name),
    ["ua-parser-js", "some-gpl", "no-licence", "some-lgpl"],
  );
});
