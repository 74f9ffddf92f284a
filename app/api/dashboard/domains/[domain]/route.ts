import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { setDefaultDomain } from "@/lib/domains/connect-domain";
import { SetDefaultBody } from "@/lib/domains/schemas";
import { deleteDomain } from "@/lib/domains/delete-domain";

export const PATCH = dashboardRoute({ body: SetDefaultBody, workspace: "owner" }, async ({ db, workspace, params, body }) =>
  json(await setDefaultDomain(db, workspace.ownerId, params.domain, body.isDefault)),
);

/** Moves the domain's links to the primary domain in one transaction (delete-domain.ts). */
export const DELETE = dashboardRoute({ workspace: "owner" }, async ({ db, workspace, params }) => json(await deleteDomain(db, workspace.ownerId, params.domain)));

export const { GET, POST, PUT, OPTIONS } = otherMethods({ PATCH, DELETE });
