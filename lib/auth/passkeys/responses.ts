import { z } from "zod";

// The browser's answers (@simplewebauthn/browser's RegistrationResponseJSON and
// AuthenticationResponseJSON) as zod reads them: base64url strings of bounded length, the known
// fields only. The bounds are above what authenticators send: a credential id is at most 1023
// bytes, attestation objects with certificate chains run to a few kilobytes, and post-quantum
// keys (ML-DSA, which @simplewebauthn offers first where Node has it) sign with up to 4.6 KB.

const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+={0,2}$/, "must be base64url");
const TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;

const common = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string().max(64), z.unknown()).optional(),
};

export const RegistrationResponse = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(32_768).optional(),
    // Transports a browser does not know of are dropped rather than refused.
    transports: z.array(z.string().max(32)).max(10).optional().transform((list) => list?.filter((t): t is (typeof TRANSPORTS)[number] => (TRANSPORTS as readonly string[]).includes(t))),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
});

export const AuthenticationResponse = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(8192),
    userHandle: base64url(256).optional(),
  }),
});

export type RegistrationResponseBody = z.infer<typeof RegistrationResponse>;
export type AuthenticationResponseBody = z.infer<typeof AuthenticationResponse>;
