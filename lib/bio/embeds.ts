import { list, obj, str } from "./data";

// Media blocks as click-to-load embeds: the page shows its own card (no request to the provider)
// until the visitor taps it; only then does the page's script put the provider's player in its
// place. The page's CSP admits exactly the players its media blocks use (frame-src), nothing else.
// A media URL no provider here recognises stays a plain link button.

export type EmbedKind = "video" | "audio" | "audio-tall";

export interface Embed {
  provider: "youtube" | "vimeo" | "spotify" | "soundcloud";
  /** The player's address, loaded only after the tap. */
  src: string;
  /** The frame's shape: 16:9 video, a one-track player, or a list. */
  kind: EmbedKind;
  origin: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function parse(url: string): URL | null {
  if (!/^https?:\/\//i.test(url.trim())) return null;
  try {
    return new URL(url.trim());
  } catch {
    return null;
  }
}

/** The embed of a media URL, or null when it is not a YouTube, Vimeo, Spotify or SoundCloud address we know. */
export function embedOf(url: string): Embed | null {
  const u = parse(url);
  if (!u) return null;
  const host = u.hostname.toLowerCase().replace(/^(www|m|music)\./, "");
  const parts = u.pathname.split("/").filter(Boolean);
  if (host === "youtube.com" || host === "youtu.be" || host === "youtube-nocookie.com") {
    const id = host === "youtu.be" ? parts[0] : parts[0] === "watch" ? u.searchParams.get("v") : ["shorts", "embed", "live"].includes(parts[0] ?? "") ? parts[1] : null;
    if (!id || !YOUTUBE_ID.test(id)) return null;
    return { provider: "youtube", src: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`, kind: "video", origin: "https://www.youtube-nocookie.com" };
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const id = parts.find((p) => /^\d{1,12}$/.test(p));
    if (!id) return null;
    return { provider: "vimeo", src: `https://player.vimeo.com/video/${id}?autoplay=1`, kind: "video", origin: "https://player.vimeo.com" };
  }
  if (host === "open.spotify.com") {
    const at = parts.findIndex((p) => ["track", "album", "playlist", "episode", "show", "artist"].includes(p));
    const type = parts[at];
    const id = parts[at + 1];
    if (at < 0 || !id || !/^[A-Za-z0-9]{10,40}$/.test(id)) return null;
    return { provider: "spotify", src: `https://open.spotify.com/embed/${type}/${id}`, kind: type === "track" || type === "episode" ? "audio" : "audio-tall", origin: "https://open.spotify.com" };
  }
  if (host === "soundcloud.com" && parts.length >= 2) {
    const page = `https://soundcloud.com/${parts.map(encodeURIComponent).join("/")}`;
    return { provider: "soundcloud", src: `https://w.soundcloud.com/player/?url=${encodeURIComponent(page)}&auto_play=true`, kind: parts[1] === "sets" ? "audio-tall" : "audio", origin: "https://w.soundcloud.com" };
  }
  return null;
}

/** The embed a block of the page shows, if it is a media block with a known provider's URL. */
export function blockEmbed(block: unknown): Embed | null {
  const b = obj(block);
  return str(b.type) === "media" ? embedOf(str(b.url)) : null;
}

/** The players the page's media blocks may load: its CSP's frame-src. */
export function embedOrigins(data: unknown): string[] {
  return [...new Set(list(obj(data).links).flatMap((block) => blockEmbed(block)?.origin ?? []))];
}
