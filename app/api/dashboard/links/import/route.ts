import { ownerPlan } from "@/lib/accounts/account-plan";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { importLinks, ImportQuery, readImportBody } from "@/lib/links/import-links";
import { parseOrThrow } from "@/lib/validation/parse";

/** The Links page's import: POST /v1/links/import into the selected workspace's owner's account (their limits). */
export const POST = dashboardRoute({ workspace: "write" }, async ({ db, workspace, request }) => {
  const { dryRun, domain } = parseOrThrow(ImportQuery, Object.fromEntries(new URL(request.url).searchParams));
  return json(await importLinks(db, await ownerPlan(db, workspace.ownerId), await readImportBody(request), { dryRun, domain }));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
