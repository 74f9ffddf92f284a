import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { platformKey, platformLabel, socialIcon } from "../../lib/bio/icons";

const PLATFORMS = [
  "instagram", "x", "tiktok", "youtube", "github", "linkedin", "facebook", "threads", "spotify", "applemusic", "soundcloud",
  "twitch", "discord", "snapchat", "pinterest", "reddit", "telegram", "whatsapp", "email", "website", "bandcamp", "patreon",
  "substack", "medium", "mastodon", "bluesky", "tumblr", "vimeo", "dribbble", "behance", "phone",
];
const SHAPE = /^<svg class="ico" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="currentColor" d="([^"<>]+)"\/><\/svg>$/;

describe("bio social icons", () => {
  test("every platform has its own well-formed svg with a non-empty path, under 3,000 bytes", () => {
    const seen = new Set<string>();
    for (const p of PLATFORMS) {
      const svg = socialIcon(p);
      const m = SHAPE.exec(svg);
      assert.ok(m, `${p}: ${svg.slice(0, 120)}`);
      assert.match(m[1], /^M[0-9.,\-\sA-Za-z]+$/, `${p} path data`);
      assert.ok(Buffer.byteLength(svg) < 3000, `${p}: ${Buffer.byteLength(svg)} bytes`);
      assert.equal(platformKey(p), p);
      seen.add(svg);
    }
    assert.equal(seen.size, PLATFORMS.length, "no two platforms share an icon");
  });

  test("names are case-insensitive and aliases map to their platform", () => {
    const cases: Record<string, string> = {
      twitter: "x", Twitter: "x", X: "x", "apple-music": "applemusic", applemusic: "applemusic", "apple music": "applemusic",
      "Apple Music": "applemusic", mail: "email", "e-mail": "email", "E-Mail": "email", web: "website", site: "website", link: "website",
      yt: "youtube", YouTube: "youtube", "  GitHub  ": "github", LINKEDIN: "linkedin", TikTok: "tiktok",
    };
    for (const [name, key] of Object.entries(cases)) {
      assert.equal(platformKey(name), key, name);
      assert.equal(socialIcon(name), socialIcon(key), name);
    }
  });

  test("labels are the brands' own spelling", () => {
    const labels: Record<string, string> = {
      instagram: "Instagram", x: "X", twitter: "X", tiktok: "TikTok", youtube: "YouTube", github: "GitHub", linkedin: "LinkedIn",
      applemusic: "Apple Music", soundcloud: "SoundCloud", whatsapp: "WhatsApp", mail: "Email", web: "Website", phone: "Phone",
    };
    for (const [name, label] of Object.entries(labels)) assert.equal(platformLabel(name), label, name);
    for (const p of PLATFORMS) assert.ok(platformLabel(p).length > 0, p);
  });

  test("unknown platforms get the website icon, a null key and their own name as label", () => {
    for (const name of ["myspace", "", "   ", "constructor", "__proto__", "toString", "hasOwnProperty"]) {
      assert.equal(platformKey(name), null, name);
      assert.equal(socialIcon(name), socialIcon("website"), name);
    }
    assert.equal(platformLabel("  myspace "), "Myspace");
    assert.equal(platformLabel("ko-fi"), "Ko-fi");
    assert.equal(platformLabel("   "), "");
  });

  test("a hostile name selects nothing and never reaches the markup", () => {
    const evil = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "javascript:alert(1)", "x\" onload=\"alert(1)", "a".repeat(10_000)];
    for (const name of evil) {
      const svg = socialIcon(name);
      assert.equal(svg, socialIcon("website"), name.slice(0, 40));
      assert.ok(!svg.includes("<script") && !svg.includes("onerror") && !svg.includes("alert"), name.slice(0, 40));
      const label = platformLabel(name);
      assert.ok(Array.from(label).length <= 30, `label of ${name.slice(0, 40)} is ${label.length} chars`);
      assert.ok(name.trim().toLowerCase().startsWith(label.toLowerCase()), "label is a prefix of the input, as plain text");
    }
    assert.equal(platformLabel("<script>alert(1)</script>"), "<script>alert(1)</script>".slice(0, 30));
    assert.equal(Array.from(platformLabel("😀".repeat(40))).length, 30, "truncation counts characters, not UTF-16 units");
  });
});
