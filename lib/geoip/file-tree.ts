import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import decoderModule from "mmdb-lib/lib/decoder.js";
import ipModule from "mmdb-lib/lib/ip.js";
import { parseMetadata } from "mmdb-lib/lib/metadata.js";

// CommonJS modules with a `default` export: an ES import sees the exports object or the default.
const unwrap = <T>(m: T): T => (m as { default?: T }).default ?? m;
const Decoder = unwrap(decoderModule);
const ip = unwrap(ipModule);

// A MaxMind DB read from its file rather than from a copy in memory. The search tree is most of
// the file (22 of the 28 MB of GeoLite2 City IPv4, 14 of 17 MB for IPv6) and one lookup touches
// only 24–32 of its nodes: those are read from the file by 4 KB page, the most recently used
// pages kept (the tree's first levels, on every path, stay). The data section, which records
// point into anywhere, is read into memory (6 + 3 MB). Memory: ~45 MB less than mmdb-lib's
// Reader over the whole file; a lookup costs a few page reads when its pages are not kept
// (docs/decisions/014-geoip-tree-read-from-the-file.md).

const PAGE = 4096;
const SEPARATOR = 16;
const METADATA_TAIL = 128 * 1024;

export class FileTreeReader {
  private readonly fd: number;
  private readonly nodeCount: number;
  private readonly nodeBytes: number;
  private readonly recordSize: number;
  private readonly treeSize: number;
  private readonly decoder: InstanceType<typeof Decoder>;
  private readonly ipv4Start: number;
  private readonly pages = new Map<number, Buffer>();
  private readonly node = Buffer.alloc(8);
  /** Page reads from the file (pages not kept), for the bench and tests. */
  reads = 0;

  constructor(
    file: string,
    private readonly maxPages = 1024,
  ) {
    this.fd = openSync(file, "r");
    const size = fstatSync(this.fd).size;
    const tailStart = Math.max(0, size - METADATA_TAIL);
    const metadata = parseMetadata(this.readAt(tailStart, size - tailStart));
    this.nodeCount = metadata.nodeCount;
    this.recordSize = metadata.recordSize;
    this.nodeBytes = metadata.nodeByteSize;
    this.treeSize = metadata.searchTreeSize;
    // From the tree's end: pointers inside the data section count from SEPARATOR bytes in.
    this.decoder = new Decoder(this.readAt(this.treeSize, size - this.treeSize), SEPARATOR);
    this.ipv4Start = metadata.ipVersion === 4 ? 0 : this.walkZeros(96);
  }

  get(address: string): unknown {
    const raw = ip.parse(address);
    const bits = raw.length * 8;
    let node = raw.length === 4 ? this.ipv4Start : 0;
    for (let depth = 0; depth < bits && node < this.nodeCount; depth += 1) node = this.record(node, ip.bitAt(raw, depth));
    if (node <= this.nodeCount) return null;
    return this.decoder.decodeFast(node - this.nodeCount).value;
  }

  close(): void {
    closeSync(this.fd);
  }

  private walkZeros(depth: number): number {
    let node = 0;
    for (let i = 0; i < depth && node < this.nodeCount; i += 1) node = this.record(node, 0);
    return node;
  }

  /** The left (bit 0) or right (bit 1) record of a node. */
  private record(node: number, bit: number): number {
    const offset = node * this.nodeBytes;
    const index = Math.floor(offset / PAGE);
    let at = offset - index * PAGE;
    let b = this.page(index);
    if (at + this.nodeBytes > PAGE) {
      // The node straddles two pages: copy it out.
      for (let i = 0; i < this.nodeBytes; i += 1) this.node[i] = at + i < PAGE ? b[at + i] : this.page(index + 1)[at + i - PAGE];
      b = this.node;
      at = 0;
    }
    if (this.recordSize === 24) return bit ? b.readUIntBE(at + 3, 3) : b.readUIntBE(at, 3);
    if (this.recordSize === 28) return bit ? ((b[at + 3] & 0x0f) << 24) | b.readUIntBE(at + 4, 3) : ((b[at + 3] & 0xf0) << 20) | b.readUIntBE(at, 3);
    return bit ? b.readUInt32BE(at + 4) : b.readUInt32BE(at);
  }

  /** A page of the tree: kept, or read and kept (the oldest kept page makes room). */
  private page(index: number): Buffer {
    const kept = this.pages.get(index);
    if (kept) return kept;
    const page = this.readAt(index * PAGE, Math.min(PAGE, this.treeSize - index * PAGE));
    this.reads += 1;
    if (this.pages.size >= this.maxPages) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(index, page);
    return page;
  }

  private readAt(position: number, length: number): Buffer {
    const buffer = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, buffer, done, length - done, position + done);
      if (n === 0) break;
      done += n;
    }
    return buffer.subarray(0, done);
  }
}
