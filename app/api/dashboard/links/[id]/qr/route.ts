import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute } from "@/lib/dashboard/route";
import { linkQrCode, qrResponse } from "@/lib/links/link-qr";
import { QrBody, QrQuery } from "@/lib/qr/qr-query";
import { parseOrThrow } from "@/lib/validation/parse";

/** Preview (inline) and download (?download=1) of a QR code of the selected workspace, viewers included. */
export const GET = dashboardRoute({}, async ({ db, account, workspace, params, request }) => {
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const { download, ...rest } = search;
  return qrResponse(await linkQrCode(db, workspace.ownerId, params.id, parseOrThrow(QrQuery, rest), account.id), download === "1");
});

/** A download with a centre logo: the logo file is too large for a URL, so it comes in the body. Reads only. */
export const POST = dashboardRoute({ body: QrBody }, async ({ db, account, workspace, params, body }) =>
  qrResponse(await linkQrCode(db, workspace.ownerId, params.id, body, account.id), true),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
