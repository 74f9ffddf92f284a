import { unlistedRoute } from "@/lib/api/handler";
import { everyMethod } from "@/lib/api/methods";
import { HopError } from "@/lib/errors";

// Unknown /v1 paths answer in the API's error shape, whatever the method (after auth, so they carry
// the rate headers).
const notFound = unlistedRoute(async ({ request }) => {
  throw new HopError("not_found", { message: `No endpoint ${request.method} ${new URL(request.url).pathname}.` });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = everyMethod(notFound);
