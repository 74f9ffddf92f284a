import { json } from "@/lib/api/respond";

// Unknown /v1 paths answer in the API's error shape rather than with the HTML 404 page.
function notFound(request: Request): Response {
  const path = new URL(request.url).pathname;
  return json({ error: { code: "not_found", message: `No endpoint ${request.method} ${path}.` } }, 404);
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
