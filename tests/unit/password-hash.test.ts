import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { checkPassword, hashPassword } from "../../lib/auth/password-hash";
import { ConfigError, readConfig } from "../../lib/config";

// Hashes stored before the move to native bcrypt were made by bcryptjs 3.0.3; these two were made
// with it (hashSync("correct horse", 10)), the second's prefix as older releases wrote it.
const BCRYPTJS_2B = "$2b$10$hoAzFntzQtiBsd9nQ5ugjuPBW5eGR0ORtF3QpYxrA5Tt68BNvDu7O";
const BCRYPTJS_2A = "$2a$10$.Rs43gsu.avULP4OO3JsgOfzsUo2KxVAuh1kBxg71mbgio0E8bh8G";

describe("password hashes", () => {
  test("hashes stored by bcryptjs still open with the right password only", async () => {
    assert.equal(await checkPassword("correct horse", BCRYPTJS_2B), true);
    assert.equal(await checkPassword("correct horse", BCRYPTJS_2A), true);
    assert.equal(await checkPassword("correct horsf", BCRYPTJS_2B), false);
    assert.equal(await checkPassword("", BCRYPTJS_2A), false);
  });

  test("a new hash is $2b$ at the given cost, salted, and checks", async () => {
    const [a, b] = await Promise.all([hashPassword("s3cret pass", 10), hashPassword("s3cret pass", 4)]);
    assert.match(a, /^\$2b\$10\$[./A-Za-z0-9]{53}$/);
    assert.match(b, /^\$2b\$04\$/);
    assert.notEqual(a.slice(7, 29), b.slice(7, 29), "each hash has its own salt");
    assert.equal(await checkPassword("s3cret pass", a), true);
    assert.equal(await checkPassword("s3cret pasS", a), false);
  });

  test("the cost is 10 unless set: BCRYPT_COST takes 10 to 14, and only the tests' own variable goes lower", () => {
    assert.equal(readConfig({}).bcryptCost, 10, "production's cost is the default");
    assert.equal(readConfig({ BCRYPT_COST: "12" }).bcryptCost, 12);
    for (const value of ["4", "9", "15", "ten"]) assert.throws(() => readConfig({ BCRYPT_COST: value }), ConfigError, value);
    assert.equal(readConfig({ HOP_TEST_BCRYPT_COST: "4" }).bcryptCost, 4);
    for (const value of ["3", "10", "x"]) assert.throws(() => readConfig({ HOP_TEST_BCRYPT_COST: value }), ConfigError, value);
    // npm test sets 4 for the servers it starts (scripts/test.mjs); this process too, so its hashes are cheap.
    if (process.env.HOP_TEST_BCRYPT_COST) assert.equal(readConfig(process.env).bcryptCost, Number(process.env.HOP_TEST_BCRYPT_COST));
  });

  test("a new hash without a cost is at the configured one", async () => {
    assert.match(await hashPassword("s3cret pass"), new RegExp(`^\\$2b\\$${String(readConfig(process.env).bcryptCost).padStart(2, "0")}\\$`));
  });

  test("a malformed stored hash is a wrong password, not a throw", async () => {
    assert.equal(await checkPassword("anything", "not a bcrypt hash"), false);
    assert.equal(await checkPassword("anything", ""), false);
  });
});
