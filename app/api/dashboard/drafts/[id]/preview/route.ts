import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute } from "@/lib/dashboard/route";
import { PreviewDraftInput, renderDraftPreview } from "@/lib/drafts/render-draft-preview";

/** The live preview: the unsaved model drawn by the visitors' renderer, as HTML for the editor's sandboxed frame. */
export const POST = dashboardRoute({ body: PreviewDraftInput }, async ({ db, account, params, body }) =>
  new Response(await renderDraftPreview(db, account.id, params.id, body), { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
