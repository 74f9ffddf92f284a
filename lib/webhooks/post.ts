import { tunable } from "../config";
import { outboundRequest } from "./outbound-request";

export type PostResult = { status: number } | { error: string };

/**
 * One POST with two clocks: WEBHOOK_TIMEOUT_MS of silence, and WEBHOOK_DEADLINE_MS in all from the
 * connection to the answer's last byte, so a receiver that trickles its answer cannot hold a
 * delivery slot for longer. No redirect is followed (outbound-request.ts caps what is read).
 */
export async function post(url: string, headers: Record<string, string>, body: string): Promise<PostResult> {
  const result = await outboundRequest(url, { method: "POST", headers, body, idleMs: tunable("WEBHOOK_TIMEOUT_MS"), deadlineMs: tunable("WEBHOOK_DEADLINE_MS") });
  return "error" in result ? result : { status: result.status };
}
