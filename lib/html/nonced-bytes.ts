// A page kept as UTF-8 bytes split where its nonce goes, so each response copies the bytes once
// with its own nonce in: no join, header concatenation and re-encoding of the text per response.

export interface NoncedBytes {
  parts: Buffer[];
  /** Bytes of the parts together (the page's length is this plus the nonces'). */
  bytes: number;
}

export function splitAtNonce(html: string, placeholder: string): NoncedBytes {
  const parts = html.split(placeholder).map((part) => Buffer.from(part));
  return { parts, bytes: parts.reduce((sum, part) => sum + part.length, 0) };
}

export function joinWithNonce(page: NoncedBytes, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, "latin1");
  const pieces: Buffer[] = [page.parts[0]];
  for (let i = 1; i < page.parts.length; i += 1) pieces.push(nonceBytes, page.parts[i]);
  return Buffer.concat(pieces, page.bytes + nonceBytes.length * (page.parts.length - 1));
}
