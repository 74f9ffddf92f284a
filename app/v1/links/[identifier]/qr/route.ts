import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { linkQrCode, qrResponse } from "@/lib/links/link-qr";
import { QrQuery } from "@/lib/qr/qr-query";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  GET: apiRoute({ resource: "links", query: QrQuery }, async ({ db, account, params, query }) =>
    qrResponse(await linkQrCode(db, account.id, params.identifier, query), false),
  ),
});
