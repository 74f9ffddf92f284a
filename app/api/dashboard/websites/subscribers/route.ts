import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { parseOrThrow } from "@/lib/validation/parse";
import { SubscriberDeleteInput, WebsiteContactsQuery } from "@/lib/websites/website-actions";
import { deleteSubscriber, subscribersCsv, subscribersFileName } from "@/lib/websites/subscribers";

/** The page's sign-ups as a CSV download, streamed in batches. */
export const GET = dashboardRoute({}, async ({ db, workspace, request }) => {
  const { id } = parseOrThrow(WebsiteContactsQuery, Object.fromEntries(new URL(request.url).searchParams));
  const chunks = subscribersCsv(db, workspace.ownerId, id);
  // The header comes after the page is found, so a wrong id is a JSON 404, not an empty file.
  const first = await chunks.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!first.done) controller.enqueue(encoder.encode(first.value));
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${subscribersFileName(id)}"`, "cache-control": "no-store" },
  });
});

/** Deletes one address from the page's list (an erasure request): the page by its API id in the body. */
export const DELETE = dashboardRoute({ body: SubscriberDeleteInput, workspace: "write" }, async ({ db, workspace, body }) => json(await deleteSubscriber(db, workspace.ownerId, body.id, body.subscriberId)));

export const { POST, PUT, PATCH, OPTIONS } = otherMethods({ GET, DELETE });
