import { HopError } from "../errors";
import { shared } from "../shared";

// How many QR logos are decoded at once. Each decode holds one of libuv's four pool threads, the
// same threads that decrypt session tokens, compress and read files for every page. So one
// account draws one logo at a time and the process at most GLOBAL_LOGO_RENDERS; anything beyond
// is 429 with Retry-After at once (a waiting request would hold its connection and memory just
// the same). docs/architecture.md, "Image work".

export const LOGO_RENDERS_PER_ACCOUNT = 1;
export const GLOBAL_LOGO_RENDERS = 2;
/** A logo takes well under a second to draw (sharp gives up at LOGO_TIMEOUT_S); retrying after one is enough. */
const RETRY_AFTER_S = 1;

interface Slots {
  accounts: Set<string>;
  running: number;
}

const slots = () => shared<Slots>("qrLogoRenderSlots", () => ({ accounts: new Set(), running: 0 }));

function busy(limit: number, message: string): HopError {
  return new HopError("rate_limit_exceeded", {
    message,
    extras: { limit, remaining: 0, resetAt: Math.ceil(Date.now() / 1000) + RETRY_AFTER_S, window: "concurrent" },
    headers: { "retry-after": String(RETRY_AFTER_S) },
  });
}

/** Runs `render` in one of the slots, or throws 429 when the account's or the process's are taken. */
export async function withLogoRenderSlot<T>(accountId: string, render: () => Promise<T>): Promise<T> {
  const s = slots();
  if (s.accounts.has(accountId)) {
    throw busy(LOGO_RENDERS_PER_ACCOUNT, `This account is already drawing a QR logo, and draws one at a time; retry in ${RETRY_AFTER_S} second.`);
  }
  if (s.running >= GLOBAL_LOGO_RENDERS) {
    throw busy(GLOBAL_LOGO_RENDERS, `The server is drawing as many QR logos as it allows at once (${GLOBAL_LOGO_RENDERS}); retry in ${RETRY_AFTER_S} second.`);
  }
  s.accounts.add(accountId);
  s.running += 1;
  try {
    return await render();
  } finally {
    s.accounts.delete(accountId);
    s.running -= 1;
  }
}
