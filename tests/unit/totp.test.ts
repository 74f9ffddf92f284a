import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { seal, unseal } from "../../lib/auth/secret-box";
import { base32Decode, base32Encode, hotp, matchingTotpStep, newTotpSecret, otpauthUri, totpCode } from "../../lib/auth/totp";

// RFC 6238 Appendix B: the ASCII seeds "12345678901234567890" (SHA-1), its 32- and 64-byte
// stretches (SHA-256, SHA-512), eight digits, 30-second steps.
const SEED = {
  sha1: Buffer.from("12345678901234567890"),
  sha256: Buffer.from("12345678901234567890123456789012"),
  sha512: Buffer.from("1234567890123456789012345678901234567890123456789012345678901234"),
};
const VECTORS: [number, string, string, string][] = [
  [59, "94287082", "46119246", "90693936"],
  [1111111109, "07081804", "68084774", "25091201"],
  [1111111111, "14050471", "67062674", "99943326"],
  [1234567890, "89005924", "91819424", "93441116"],
  [2000000000, "69279037", "90698825", "38618901"],
  [20000000000, "65353130", "77737706", "47863826"],
];

describe("TOTP (RFC 6238)", () => {
  test("the RFC's test vectors", () => {
    for (const [seconds, sha1, sha256, sha512] of VECTORS) {
      const step = Math.floor(seconds / 30);
      assert.equal(hotp(SEED.sha1, step, 8), sha1, `SHA-1 at ${seconds}`);
      assert.equal(hotp(SEED.sha256, step, 8, "sha256"), sha256, `SHA-256 at ${seconds}`);
      assert.equal(hotp(SEED.sha512, step, 8, "sha512"), sha512, `SHA-512 at ${seconds}`);
    }
  });

  test("six digits from a base32 secret; one step of drift either side, no more", () => {
    const secret = base32Encode(SEED.sha1);
    assert.equal(secret, "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    assert.deepEqual(base32Decode(secret.toLowerCase()), SEED.sha1);
    const now = 1111111111_000;
    assert.equal(totpCode(secret, now), "050471");
    const step = Math.floor(now / 30_000);
    assert.equal(matchingTotpStep(secret, "050471", now), step);
    assert.equal(matchingTotpStep(secret, totpCode(secret, now - 30_000), now), step - 1);
    assert.equal(matchingTotpStep(secret, totpCode(secret, now + 30_000), now), step + 1);
    assert.equal(matchingTotpStep(secret, totpCode(secret, now - 60_000), now), null);
    assert.equal(matchingTotpStep(secret, "12345", now), null);
    assert.equal(matchingTotpStep(secret, "abcdef", now), null);
  });

  test("a new secret is 160 random bits; the otpauth URI carries it with the issuer", () => {
    const a = newTotpSecret();
    assert.match(a, /^[A-Z2-7]{32}$/);
    assert.notEqual(a, newTotpSecret());
    const uri = new URL(otpauthUri(a, "Hop links.example", "pat@example.test"));
    assert.equal(uri.protocol, "otpauth:");
    assert.equal(uri.searchParams.get("secret"), a);
    assert.equal(uri.searchParams.get("issuer"), "Hop links.example");
    assert.equal(uri.host, "totp");
    assert.equal(decodeURIComponent(uri.pathname), "/Hop links.example:pat@example.test");
  });
});

describe("sealed secrets", () => {
  test("open only with the same AUTH_SECRET and purpose", () => {
    const saved = process.env.AUTH_SECRET;
    try {
      process.env.AUTH_SECRET = "first secret of this instance";
      const sealed = seal("JBSWY3DPEHPK3PXP", "totp");
      assert.doesNotMatch(sealed, /JBSWY3DPEHPK3PXP/);
      assert.notEqual(sealed, seal("JBSWY3DPEHPK3PXP", "totp"), "a fresh IV each time");
      assert.equal(unseal(sealed, "totp"), "JBSWY3DPEHPK3PXP");
      assert.equal(unseal(sealed, "another use"), null);
      assert.equal(unseal(sealed.slice(0, -2) + "AA", "totp"), null, "a changed tag");
      assert.equal(unseal("not sealed", "totp"), null);
      process.env.AUTH_SECRET = "a rotated secret";
      assert.equal(unseal(sealed, "totp"), null);
    } finally {
      process.env.AUTH_SECRET = saved;
    }
  });
});
