// GET /favicon.ico on every host Hop answers (visitor pages, short-link domains, the app): Hop's
// mark (app/icon.svg: a white H on an indigo rounded square) as a 32×32 icon, so a browser's
// automatic request is a 200 with an image instead of a 404 page in the logs. Drawn once at
// start as an uncompressed 32-bit BMP inside an ICO container: no image library, ~4 KB.

const SIZE = 32;
const INDIGO = [0x4f, 0x46, 0xe5] as const;

/** The mark's coverage at a pixel's centre: 0 outside the rounded square, 1 inside; `white` for the H. */
function pixel(x: number, y: number): { inside: boolean; white: boolean } {
  const cx = x + 0.5;
  const cy = y + 0.5;
  const r = 8;
  const nx = Math.min(Math.max(cx, r), SIZE - r);
  const ny = Math.min(Math.max(cy, r), SIZE - r);
  const inside = (cx - nx) ** 2 + (cy - ny) ** 2 <= r * r;
  const stem = cy >= 9 && cy <= 23 && ((cx >= 9 && cx <= 12) || (cx >= 20 && cx <= 23));
  const bar = cx >= 12 && cx <= 20 && cy >= 14.5 && cy <= 17.5;
  return { inside, white: inside && (stem || bar) };
}

function drawIco(): Buffer {
  const pixels = Buffer.alloc(SIZE * SIZE * 4);
  const maskRow = 4; // 32 pixels = 4 bytes, already a multiple of 4
  const mask = Buffer.alloc(SIZE * maskRow);
  for (let row = 0; row < SIZE; row += 1) {
    const y = SIZE - 1 - row; // bottom-up rows
    for (let x = 0; x < SIZE; x += 1) {
      const { inside, white } = pixel(x, y);
      const offset = (row * SIZE + x) * 4;
      const [r, g, b] = white ? [255, 255, 255] : INDIGO;
      pixels[offset] = b;
      pixels[offset + 1] = g;
      pixels[offset + 2] = r;
      pixels[offset + 3] = inside ? 255 : 0;
      if (!inside) mask[row * maskRow + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0);
  info.writeInt32LE(SIZE, 4);
  info.writeInt32LE(SIZE * 2, 8); // colour rows + mask rows
  info.writeUInt16LE(1, 12);
  info.writeUInt16LE(32, 14);
  info.writeUInt32LE(pixels.length + mask.length, 20);
  const image = Buffer.concat([info, pixels, mask]);
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(SIZE, 6);
  header.writeUInt8(SIZE, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, image]);
}

export const FAVICON_PATH = "/favicon.ico";
export const FAVICON = drawIco();
