import { z } from "zod";
import { HEX_COLOR } from "./qr-svg";

// GET /v1/links/{identifier}/qr's query, also used by the dashboard's download route.

const Color = (name: string, fallback: string) =>
  z
    .string()
    .regex(HEX_COLOR, `${name} must be a hex colour such as #000000 (write # as %23 in a URL)`)
    .default(fallback)
    .meta({ description: `Hex colour, \`#rgb\` or \`#rrggbb\` (URL-encode \`#\` as \`%23\`). Default ${fallback}.` });

export const QrQuery = z.object({
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
  ecc: z.enum(["L", "M", "Q", "H"]).default("M").meta({ description: "Error-correction level; use Q or H when a logo covers the centre. Default M." }),
});
export type QrQuery = z.infer<typeof QrQuery>;
