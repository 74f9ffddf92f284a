import { availableParallelism } from "node:os";
import { tunable } from "../config";

// What image decoding may hold, derived from MEMORY_BUDGET_MB. A quarter of the budget is the
// images' share; a decode read sequentially (libvips streams the rows through the resize) holds
// about DECODE_BYTES_PER_PIXEL of the source's pixels (measured: a 40 MP PNG, ~60 MB at the peak,
// 2026-11-29). The largest picture is what one decode may hold of the share, 40 MP at most, and
// as many decodes of the largest run at once as the share holds, one at least — and no more than
// the machine's cores less one, so a burst of uploads leaves a core to the redirects.

/** Any phone camera's photo, not a decompression bomb: the ceiling whatever the budget. */
export const PIXEL_CEILING = 40_000_000;
export const DECODE_BYTES_PER_PIXEL = 1.5;

export interface ImageLimits {
  /** The most pixels an uploaded picture may have. */
  maxPixels: number;
  /** Images (uploads, QR logos) decoded at once in the process. */
  concurrency: number;
}

export function imageLimitsFor(budgetMb: number): ImageLimits {
  const share = (budgetMb * 1024 * 1024) / 4;
  const maxPixels = Math.min(PIXEL_CEILING, Math.floor(share / DECODE_BYTES_PER_PIXEL / 1_000_000) * 1_000_000);
  const concurrency = Math.max(1, Math.floor(share / (maxPixels * DECODE_BYTES_PER_PIXEL)));
  return { maxPixels, concurrency };
}

export function imageLimits(): ImageLimits {
  const limits = imageLimitsFor(tunable("MEMORY_BUDGET_MB"));
  return { ...limits, concurrency: Math.max(1, Math.min(limits.concurrency, availableParallelism() - 1)) };
}
