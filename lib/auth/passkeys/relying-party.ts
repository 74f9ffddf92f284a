import { config } from "../../config";

// WebAuthn binds a passkey to a relying party id (a host name, never an IP address) and checks the
// origin the browser signed for: both come from APP_URL, the address people open the dashboard at.
// A passkey made at one APP_URL host does not work at another (docs/operations.md).

export const RP_NAME = "Hop";

export interface RelyingParty {
  /** APP_URL's host name without the port: `hop.example.com`, `localhost`. */
  id: string;
  /** APP_URL's origin (scheme, host, port): what the browser's clientDataJSON must name. */
  origin: string;
}

export function relyingParty(): RelyingParty {
  const url = new URL(config().appUrl);
  return { id: url.hostname, origin: url.origin };
}
