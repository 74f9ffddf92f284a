import { serveImage } from "@/lib/images/serve-image";

// GET /__hop/img/<key>[-<size>].webp (the folder's %5F is Next's spelling of a leading underscore)
// on every host that serves pages: the app's, system domains and custom domains.
export const GET = serveImage;
export const HEAD = serveImage;
