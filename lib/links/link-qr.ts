import type { Db } from "../db/open";
import { assertQrLogoReadable, qrPngWithLogo } from "../qr/qr-logo";
import { qrPng } from "../qr/qr-png";
import { qrSvg } from "../qr/qr-svg";
import type { QrQuery } from "../qr/qr-query";
import { getLinkByIdentifier } from "./link-by-identifier";

/**
 * The QR code of a link's short URL, found as GET /v1/links/{identifier} finds it (404 for another
 * account's). `drawnFor`: the account whose logo render slot a PNG logo takes (the caller's own,
 * also in a team's workspace).
 */
export async function linkQrCode(db: Db, callerId: string, identifier: string, query: QrQuery, drawnFor: string = callerId) {
  const { data } = await getLinkByIdentifier(db, callerId, identifier);
  const name = `qr-${data.id.replace(/[^a-z0-9_.-]+/gi, "-")}`;
  // A logo hides the centre: only level H (30% recoverable) keeps every code scannable under it.
  const options = query.logo ? { ...query, ecc: "H" as const } : query;
  if (options.format === "png") {
    const body = options.logo ? await qrPngWithLogo(data.url, options, options.logo, drawnFor) : qrPng(data.url, options);
    return { body, contentType: "image/png", filename: `${name}.png`, url: data.url };
  }
  if (options.logo) await assertQrLogoReadable(options.logo);
  return { body: qrSvg(data.url, options), contentType: "image/svg+xml; charset=utf-8", filename: `${name}.svg`, url: data.url };
}

export function qrResponse(qr: Awaited<ReturnType<typeof linkQrCode>>, download: boolean): Response {
  return new Response(new Uint8Array(Buffer.from(qr.body)), {
    status: 200,
    headers: {
      "content-type": qr.contentType,
      "cache-control": "private, max-age=300",
      "x-qr-content": qr.url,
      ...(download ? { "content-disposition": `attachment; filename="${qr.filename}"` } : {}),
    },
  });
}
