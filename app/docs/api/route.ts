import { apiReferencePage } from "@/lib/http/api-reference-page";

export function GET(): Response {
  return apiReferencePage();
}
