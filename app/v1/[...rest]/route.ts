import { apiRoute } from "@/lib/api/handler";
import { HopError } from "@/lib/errors";

// Unknown /v1 paths answer in the API's error shape (after auth, so they carry the rate headers).
const notFound = apiRoute({ resource: "none" }, async ({ request }) => {
  throw new HopError("not_found", { message: `No endpoint ${request.method} ${new URL(request.url).pathname}.` });
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
