import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { uploadDraftImage } from "@/lib/images/upload-draft-image";

/** The editor's picture upload: the file's bytes as the body; answers the picture's address. */
export const POST = dashboardRoute({}, async ({ db, account, params, request }) => json(await uploadDraftImage(db, account.id, params.id, request), 201));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
