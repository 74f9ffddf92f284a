import { json } from "@/lib/api/respond";
import { everyMethod } from "@/lib/api/methods";
import { HopError } from "@/lib/errors";

// Any path under /api that no route has answers in the nested error shape, as every /api route
// does, rather than with the HTML not-found page (/api/dashboard has its own: [...rest]).
const notFound = async (request: Request) =>
  json(new HopError("not_found", { message: `No route ${new URL(request.url).pathname}.` }).toBody(), 404);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = everyMethod(notFound);
