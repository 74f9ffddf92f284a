import { notFound, redirect } from "next/navigation";
import { requireAccount } from "@/lib/dashboard/current-account";
import { db } from "@/lib/db/open";
import { openWebsiteDraft } from "@/lib/drafts/open-website-draft";
import { HopError } from "@/lib/errors";
import { pathParam } from "@/lib/validation/url-params";

/** /editor/site/<websiteId>: opens the editor on a published website (its draft, made on first open). */
export default async function EditWebsitePage({ params }: { params: Promise<{ websiteId: string }> }) {
  const account = await requireAccount();
  const websiteId = pathParam((await params).websiteId);
  if (websiteId === null) notFound();
  let draftId: string;
  try {
    draftId = await openWebsiteDraft(await db(), account.id, websiteId);
  } catch (error) {
    if (error instanceof HopError && error.status === 404) notFound();
    throw error;
  }
  redirect(`/editor/${draftId}`);
}
