import { serveCard } from "@/lib/images/serve-card";

// GET /__hop/card/<link id>-<hash>.png: a page's social card, on every host that serves pages.
export const GET = serveCard;
export const HEAD = serveCard;
