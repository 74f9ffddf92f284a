import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute } from "@/lib/dashboard/route";
import { parseOrThrow } from "@/lib/validation/parse";
import { contactsCsv, contactsFileName } from "@/lib/websites/contacts-csv";
import { WebsiteContactsQuery } from "@/lib/websites/website-actions";

/** The page's contact submissions as a CSV download, streamed in batches. */
export const GET = dashboardRoute({}, async ({ db, workspace, request }) => {
  const { id } = parseOrThrow(WebsiteContactsQuery, Object.fromEntries(new URL(request.url).searchParams));
  const chunks = contactsCsv(db, workspace.ownerId, id);
  // The first chunk (the header) comes after the page is found, so a wrong id is a JSON 404, not an empty file.
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
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${contactsFileName(id)}"`,
      "cache-control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
