// Shared by the server (which stamps it) and the error boundaries (which read it): Next forwards a
// server error's `digest` to the client untouched when the error already carries one, and strips
// everything else in production. So the digest is how a boundary learns "the database is down"
// without any detail of the failure reaching the browser.

const DATABASE_UNAVAILABLE = "HOP_DATABASE_UNAVAILABLE";

export function databaseUnavailableDigest(reference: string): string {
  return `${DATABASE_UNAVAILABLE}:${reference}`;
}

export function isDatabaseUnavailableDigest(digest: string | undefined): boolean {
  return typeof digest === "string" && digest.startsWith(`${DATABASE_UNAVAILABLE}:`);
}

/** What the page shows the customer to quote to the operator: Next's digest, or our own reference. */
export function failureReference(digest: string | undefined): string | null {
  if (typeof digest !== "string" || digest === "") return null;
  return isDatabaseUnavailableDigest(digest) ? digest.slice(DATABASE_UNAVAILABLE.length + 1) : digest;
}
