import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";

// A plain ustar archive of a directory, as an async stream of buffers: each file read 256 KB at a
// time, and the next read waits for the reader (stream.pipeline's backpressure), so packing a
// database of any size holds a few buffers. (tar's own packer buffers ahead: tens of MB for a
// 200 MB file.) Regular files and directories only: what a PostgreSQL data directory holds.

const BLOCK = 512;
const CHUNK = 256 * 1024;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

/** One ustar header; long names are split into prefix and name at a slash. */
function header(name: string, size: number, mode: number, mtime: Date, type: "0" | "5"): Buffer {
  let prefix = "";
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf("/", 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`a path too long for a tar header: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  const block = Buffer.alloc(BLOCK);
  block.write(base, 0, 100);
  block.write(octal(mode & 0o7777, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136);
  block.write("        ", 148);
  block.write(type, 156);
  block.write("ustar\u000000", 257);
  block.write(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + " ", 148);
  return block;
}

async function* entries(root: string, dir: string, only?: string[]): AsyncGenerator<Buffer> {
  const listed = (await readdir(path.join(root, dir), { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of only ? only.map((name) => listed.find((e) => e.name === name)!).filter(Boolean) : listed) {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    const full = path.join(root, relative);
    const info = await stat(full);
    if (entry.isDirectory()) {
      yield header(`${relative}/`, 0, info.mode, info.mtime, "5");
      yield* entries(root, relative);
    } else if (entry.isFile()) {
      yield header(relative, info.size, info.mode, info.mtime, "0");
      if (info.size > 0) for await (const chunk of createReadStream(full, { highWaterMark: CHUNK, end: info.size - 1 })) yield chunk as Buffer;
      const pad = (BLOCK - (info.size % BLOCK)) % BLOCK;
      if (pad) yield Buffer.alloc(pad);
    }
  }
}

/** The archive of everything under `root` (or only the top-level `names`, in that order), names relative to it, ended by two empty blocks. */
export async function* tarOf(root: string, names?: string[]): AsyncGenerator<Buffer> {
  yield* entries(root, "", names);
  yield Buffer.alloc(2 * BLOCK);
}

/**
 * The same buffers, each followed by a rest as long as the reader took to take it: what reads it
 * (zlib on libuv's pool) then works half the time at most, and on a 2-core server the other core
 * is the redirects' while a backup is packed.
 */
export async function* paced(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    const handed = performance.now();
    yield chunk;
    const took = performance.now() - handed;
    if (took >= 1) await new Promise((resolve) => setTimeout(resolve, Math.min(took, 100)));
  }
}
