import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { linkQrCode, qrResponse } from "@/lib/links/link-qr";

// An image, not JSON: answered by qrResponse rather than ok().
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.getLinkQr, async ({ db, account, params, query }) =>
    qrResponse(await linkQrCode(db, account.id, params.identifier, query), false),
  ),
);
