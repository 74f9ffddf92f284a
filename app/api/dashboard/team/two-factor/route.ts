import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { setTeamTwoFactor, TeamTwoFactorInput } from "@/lib/team/two-factor-requirement";

/** The owner's own team only (admins manage members, not this rule). */
export const PUT = dashboardRoute({ body: TeamTwoFactorInput }, async ({ db, account, body }) => json(await setTeamTwoFactor(db, account.id, body)));

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
