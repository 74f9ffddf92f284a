import { z } from "zod";
import { otherMethods } from "@/lib/api/methods";
import { useSecureCookies } from "@/lib/auth/session";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { selectWorkspace, WORKSPACE_COOKIE as WORKSPACE_COOKIE_NAME } from "@/lib/dashboard/workspace-choice";

const SelectWorkspaceInput = z.object({ ownerId: z.string().min(1).max(100) });

/** Stores the choice in a cookie once the membership is confirmed active; otherwise 404. */
export const POST = dashboardRoute({ body: SelectWorkspaceInput }, async ({ db, account, body }) => {
  const workspace = await selectWorkspace(db, account, body.ownerId);
  const secure = useSecureCookies() ? "; Secure" : "";
  return json({ ownerId: workspace.ownerId, role: workspace.role, readOnly: workspace.readOnly }, 200, {
    "set-cookie": `${WORKSPACE_COOKIE_NAME}=${encodeURIComponent(workspace.ownerId)}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secure}`,
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
