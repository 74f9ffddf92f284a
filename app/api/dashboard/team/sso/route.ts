import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { setTeamSso, TeamSsoInput } from "@/lib/team/sso-requirement";

/** The owner's own team only (admins manage members, not this rule). */
export const PUT = dashboardRoute({ body: TeamSsoInput }, async ({ db, account, body }) => json(await setTeamSso(db, account.id, body)));

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
