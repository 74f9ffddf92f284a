import { everyMethod } from "@/lib/api/methods";
import { json } from "@/lib/dashboard/route";
import { HopError } from "@/lib/errors";

// Any other path under /api/dashboard (a mistyped one, or one a `..` resolved away from its route)
// answers in the dashboard's error shape rather than with the HTML not-found page, whatever the
// method (unrouted ones such as TRACE included).
const notFound = async () => json(new HopError("not_found", { message: "No such dashboard route." }).toBody(), 404);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = everyMethod(notFound);
