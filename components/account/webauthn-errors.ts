"use client";

/** What a person is told when the browser's passkey prompt fails (WebAuthn's DOMException names). */
export function passkeyErrorMessage(error: unknown): string {
  const name = error instanceof Error ? ((error as Error & { cause?: { name?: string } }).cause?.name ?? error.name) : "";
  if (name === "NotAllowedError" || name === "AbortError") return "The passkey prompt was closed or timed out. Try again when you are ready.";
  if (name === "InvalidStateError") return "This device already holds a passkey for this account.";
  if (name === "SecurityError") return "Passkeys work only at this site's own address (its APP_URL), over HTTPS or on localhost.";
  if (name === "NotSupportedError") return "This browser or device cannot make a passkey that signs in on its own.";
  return "The passkey prompt failed. Try again, or use another device.";
}
