import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { listAuditLog } from "@/lib/audit/list-audit";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.getAuditLog, async ({ db, account, query, ok }) => ok(await listAuditLog(db, account.id, query))),
);
