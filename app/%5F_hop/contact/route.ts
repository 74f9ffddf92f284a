import { contactRoute } from "@/lib/visit/web-handler";

// POST /__hop/contact (the folder's %5F is Next's spelling of a leading underscore) when Hop runs
// without server.ts. Under server.ts the fast path answers this address before Next.
export const POST = contactRoute;
