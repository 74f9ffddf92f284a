import { HopError } from "../errors";
import { lowerBackgroundThreads } from "../threads";
import { shared } from "../shared";
import { imageLimits } from "./limits";

// How many images (QR logos, uploaded pictures) are decoded at once. Each decode holds one of
// libuv's four pool threads, the same threads that decrypt session tokens, compress and read files
// for every page, and memory in proportion to its pixels. So one account works on one image at a
// time and the process on at most GLOBAL_IMAGE_WORK (from MEMORY_BUDGET_MB, lib/images/limits.ts:
// 2 at the default 512, at most the cores less one); anything beyond is 429 with Retry-After at once (a waiting request would
// hold its connection and memory just the same). docs/decisions/024-image-work-capped-not-moved.md.

export const IMAGE_WORK_PER_ACCOUNT = 1;
export const GLOBAL_IMAGE_WORK = imageLimits().concurrency;
/** An image takes about a second at most (sharp gives up at its timeout); retrying after one is enough. */
const RETRY_AFTER_S = 1;

interface Slots {
  accounts: Set<string>;
  running: number;
}

const slots = () => shared<Slots>("imageWorkSlots", () => ({ accounts: new Set(), running: 0 }));

function busy(limit: number, message: string): HopError {
  return new HopError("rate_limit_exceeded", {
    message,
    extras: { limit, remaining: 0, resetAt: Math.ceil(Date.now() / 1000) + RETRY_AFTER_S, window: "concurrent" },
    headers: { "retry-after": String(RETRY_AFTER_S) },
  });
}

/** Runs `render` in one of the slots, or throws 429 when the account's or the process's are taken. */
export async function withImageWorkSlot<T>(accountId: string, render: () => Promise<T>, what = "image"): Promise<T> {
  const s = slots();
  if (s.accounts.has(accountId)) {
    throw busy(IMAGE_WORK_PER_ACCOUNT, `This account is already processing an image (a ${what}), and processes one at a time; retry in ${RETRY_AFTER_S} second.`);
  }
  if (s.running >= GLOBAL_IMAGE_WORK) {
    throw busy(GLOBAL_IMAGE_WORK, `The server is processing as many images as it allows at once (${GLOBAL_IMAGE_WORK}); retry in ${RETRY_AFTER_S} second.`);
  }
  s.accounts.add(accountId);
  s.running += 1;
  // libvips starts its threads with the first image: they run below the visitors' thread (lib/threads.ts).
  lowerBackgroundThreads();
  try {
    return await render();
  } finally {
    s.accounts.delete(accountId);
    s.running -= 1;
  }
}
