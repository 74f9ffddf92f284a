import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { toLinkObject } from "@/lib/links/link-object";
import { LinkFormCreateBody } from "@/lib/links/link-form-body";
import { createLinkFromForm } from "@/lib/links/save-link-form";

/** The link form's create: every section in one request, one transaction (lib/links/save-link-form.ts). */
export const POST = dashboardRoute({ body: LinkFormCreateBody, workspace: "write" }, async ({ db, workspace, body }) =>
  json({ data: toLinkObject(await createLinkFromForm(db, workspace.ownerId, body)) }, 201),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
