import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute } from "@/lib/dashboard/route";
import { designSample } from "@/lib/drafts/design-sample";
import { HopError } from "@/lib/errors";

/** A design's gallery thumbnail: the sample page drawn by the visitors' renderer, for a sandboxed frame. */
export const GET = dashboardRoute({}, async ({ params }) => {
  const sample = designSample(params.id);
  if (!sample) throw new HopError("not_found", { message: "No such design." });
  return new Response(sample.html, {
    headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": sample.csp, "x-content-type-options": "nosniff", "cache-control": "private, max-age=3600" },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
