import { hash, verify } from "@node-rs/bcrypt";
import { config } from "../config";

// Native bcrypt (@node-rs/bcrypt): each hash and check runs on libuv's thread pool, so a flood of
// password tries costs the pool's threads, never the event loop that answers redirects. Hashes made
// by bcryptjs ($2a$/$2b$) verify unchanged. Pinned at 1.10.7: 2.0.0's packages for other platforms
// are missing from the registry this project installs from, and `npm ci` refuses a lock without them.

/**
 * Cost of new account and link passwords (sign-up, reset, e-mail and password changes, the CLI, a
 * link's visitor password): BCRYPT_COST, 10 unless set; a test run sets HOP_TEST_BCRYPT_COST=4
 * (scripts/test.mjs), so its sign-ups and sign-ins cost little. A stored hash keeps its own cost.
 */
export function passwordCost(): number {
  return config().bcryptCost;
}

/** A bcrypt hash of `password` at `cost`, computed off the event loop. */
export function hashPassword(password: string, cost: number = passwordCost()): Promise<string> {
  // 1.10 writes the $2y$ prefix; $2y$ and $2b$ name the same algorithm, and $2b$ is what bcryptjs
  // and every other reader of a stored hash (a restore into an older Hop) expects.
  return hash(password, cost).then((made) => made.replace(/^\$2y\$/, "$2b$"));
}

/** Whether `password` matches `passwordHash`; false (never a throw) for a malformed hash. */
export function checkPassword(password: string, passwordHash: string): Promise<boolean> {
  return verify(password, passwordHash);
}
