import assert from "node:assert/strict";
import { test } from "node:test";
import { embedOf } from "../../lib/bio/embeds";
import { websitePageCsp, renderWebsitePage } from "../../lib/bio/render-page";
import { contentSecurityPolicy } from "../../lib/html/page";

// Media blocks are click-to-load embeds: the page names no provider's address anywhere it would
// load from before the tap (no iframe, no image, no script), and its CSP frames only the players
// its own media blocks use.

test("the players of YouTube, Vimeo, Spotify and SoundCloud addresses; anything else is no embed", () => {
  assert.deepEqual(embedOf("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42"), { provider: "youtube", src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1", kind: "video", origin: "https://www.youtube-nocookie.com" });
  assert.equal(embedOf("https://youtu.be/dQw4w9WgXcQ")?.src, "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
  assert.equal(embedOf("https://youtube.com/shorts/dQw4w9WgXcQ")?.provider, "youtube");
  assert.equal(embedOf("https://vimeo.com/76979871")?.src, "https://player.vimeo.com/video/76979871?autoplay=1");
  assert.deepEqual(embedOf("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC"), { provider: "spotify", src: "https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC", kind: "audio", origin: "https://open.spotify.com" });
  assert.equal(embedOf("https://open.spotify.com/intl-de/playlist/37i9dQZF1DXcBWIGoYBM5M")?.kind, "audio-tall");
  assert.equal(embedOf("https://soundcloud.com/artist/a-track")?.src, `https://w.soundcloud.com/player/?url=${encodeURIComponent("https://soundcloud.com/artist/a-track")}&auto_play=true`);
  for (const other of ["https://example.com/video", "https://www.youtube.com/watch?v=short", "https://www.youtube.com/@channel", "javascript:alert(1)", "https://vimeo.com/about", "https://open.spotify.com/user/x", "https://soundcloud.com/artist", "not a url"]) {
    assert.equal(embedOf(other), null, other);
  }
});

test("a media card: a link until tapped, the player's address only in a data attribute; the CSP frames exactly the page's players", () => {
  const data = {
    profile: { name: "Ada" },
    links: [
      { type: "media", title: "New video", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", platform: "youtube" },
      { type: "media", title: "Podcast", url: "https://open.spotify.com/episode/4rOoJ6Egrf8K2IrywzwOMk" },
      { type: "media", title: "Elsewhere", url: "https://example.com/listen" },
      { type: "simple", title: "Blog", url: "https://ada.example" },
    ],
  };
  const html = renderWebsitePage({ publicId: "p", url: "https://hop.example/p", templateId: "simple-stack-v2", data, nonce: "N0NCE", adultConfirmed: false, brandingUrl: "https://hop.example" });
  assert.doesNotMatch(html, /<iframe/);
  assert.doesNotMatch(html, /(src|href)="https:\/\/(www\.youtube-nocookie\.com|open\.spotify\.com\/embed)/, "nothing loads a player before the tap");
  assert.match(html, /<a class="btn embed-card" href="https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ"[^>]* data-hop-embed="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?autoplay=1" data-hop-embed-kind="video">/);
  assert.match(html, /Play on Spotify/);
  assert.doesNotMatch(html, /Elsewhere[^<]*<small>Play on/, "an unknown provider stays a plain link");
  const csp = contentSecurityPolicy("N0NCE", websitePageCsp(data));
  assert.match(csp, /frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/open\.spotify\.com;/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.doesNotMatch(contentSecurityPolicy("N0NCE", websitePageCsp({ links: [{ type: "simple", url: "https://youtu.be/dQw4w9WgXcQ" }] })), /frame-src/, "a plain link to a video frames nothing");
});
