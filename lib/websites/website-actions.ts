import { z } from "zod";
import { StatusBody } from "../links/schemas";
import { DuplicateWebsiteBody } from "./schemas";

// The dashboard names a page by its API id in the body: ids of pages on a custom domain may hold
// `/` (a nested path), which a path segment cannot carry.
const WebsiteId = z.string().trim().min(1, "Name the page.").max(600);

export const WebsiteStatusInput = StatusBody.extend({ id: WebsiteId });
export const WebsiteDuplicateInput = DuplicateWebsiteBody.extend({ id: WebsiteId });
export const WebsiteDeleteInput = z.object({ id: WebsiteId });
export const WebsiteContactsQuery = z.object({ id: WebsiteId });
export const SubscriberDeleteInput = z.object({ id: WebsiteId, subscriberId: z.string().trim().min(1).max(100) });
