import { apiRoute, json } from "@/lib/api/handler";
import { createGroup, CreateGroupBody, listGroups } from "@/lib/groups/groups";

export const GET = apiRoute({ resource: "groups" }, async ({ db, account }) => json(await listGroups(db, account.id)));

export const POST = apiRoute({ resource: "groups", body: CreateGroupBody }, async ({ db, account, body }) =>
  json(await createGroup(db, account.id, body), 201),
);
