import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { promoteVariant } from "@/lib/links/promote-variant";

// "Make this the destination" on the link page: as POST /v1/links/{identifier}/variants/{index}/promote.
export const POST = dashboardRoute({ workspace: "write" }, async ({ db, account, params }) => json(await promoteVariant(db, account.id, params.id, params.index)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
