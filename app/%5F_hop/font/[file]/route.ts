import { serveFont } from "@/lib/bio/serve-font";

// GET /__hop/font/<id>-<hash>.woff2: a bio page's chosen font (lib/bio/fonts.ts).
export const GET = serveFont;
export const HEAD = serveFont;
