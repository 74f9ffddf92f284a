import sharp from "sharp";

// sharp as every image job here uses it: one libvips thread per image (sharp's default only on
// glibc without jemalloc), so a job takes one core at most; and no libvips operation cache: what
// is worth keeping (QR logos, stored pictures) is kept by content hash by its own module.
sharp.concurrency(1);
sharp.cache(false);

export { sharp };
