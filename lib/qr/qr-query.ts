import { z } from "zod";
import { canonicalLogoDataUrl, LOGO_DATA_URL, logoFormatOf, logoFormatProblem, logoHeadOf, RASTER_FORMATS, type LogoFormat } from "./logo-format";
import { HEX_COLOR } from "./qr-svg";

// GET /v1/links/{identifier}/qr's query, also used by the dashboard's download route.

const Color = (name: string, fallback: string) =>
  z
    .string()
    .regex(HEX_COLOR, `${name} must be a hex colour such as #000000 (write # as %23 in a URL)`)
    .default(fallback)
    .meta({ description: `Hex colour, \`#rgb\` or \`#rrggbb\` (URL-encode \`#\` as \`%23\`). Default ${fallback}.` });

/** A query string stays far below the server's 16 KB header limit: about 6 KB of image. */
export const MAX_QUERY_LOGO_CHARS = 8_000;
/** The dashboard sends its logo in a POST body: a file of up to 200 KB. */
export const MAX_BODY_LOGO_CHARS = 280_000;

const Logo = (max: number) =>
  z
    .string()
    .max(max, `logo must be at most ${max.toLocaleString("en-US")} characters`)
    .regex(LOGO_DATA_URL, `logo must be a base64 data URL of a ${RASTER_FORMATS} image (data:image/png;base64,…)`)
    // Told by the bytes, not the declared type: an SVG is refused here, before anything decodes it.
    .superRefine((value, ctx) => {
      const problem = logoFormatProblem(logoFormatOf(logoHeadOf(value)));
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform((value) => canonicalLogoDataUrl(value, logoFormatOf(logoHeadOf(value)) as LogoFormat))
    .optional()
    .meta({
      description: `Optional centre logo: a \`data:image/png|jpeg|webp|gif;base64,…\` URL (URL-encoded, at most ${max.toLocaleString("en-US")} characters; the format is read from the image's bytes). SVG logos are refused (400). The image may have at most 2048×2048 pixels. Drawn on a background-coloured square of about 22% of the side; the error-correction level becomes H.`,
    });

const QrFields = {
  format: z.enum(["svg", "png"]).default("svg").meta({ description: "svg (default) or png." }),
  size: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, "size must be a whole number of pixels from 64 to 2048")
    .transform(Number)
    .refine((n) => n >= 64 && n <= 2048, "size must be a whole number of pixels from 64 to 2048")
    .default(512)
    .meta({ description: "PNG width in pixels, 64 to 2048 (rounded down to whole pixels per module); the SVG scales freely. Default 512." }),
  fg: Color("fg", "#000000"),
  bg: Color("bg", "#ffffff"),
  ecc: z.enum(["L", "M", "Q", "H"]).default("M").meta({ description: "Error-correction level. Default M; always H with a logo." }),
};

export const QrQuery = z.object({ ...QrFields, logo: Logo(MAX_QUERY_LOGO_CHARS) });
export type QrQuery = z.infer<typeof QrQuery>;

/** The dashboard's POST body: the same fields as strings, with room for a larger logo. */
export const QrBody = z.object({ ...QrFields, logo: Logo(MAX_BODY_LOGO_CHARS) });
