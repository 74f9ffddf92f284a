import { apiReferenceAsset } from "@/lib/http/api-reference-page";

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  return apiReferenceAsset((await params).file);
}
