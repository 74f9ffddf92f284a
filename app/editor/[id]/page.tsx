import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { EditorApp } from "@/components/editor/editor-app";
import { requireAccount } from "@/lib/dashboard/current-account";
import { db } from "@/lib/db/open";
import { getDraftForEditor } from "@/lib/drafts/get-draft-for-editor";
import { publishTargets } from "@/lib/drafts/publish-targets";
import { HopError } from "@/lib/errors";
import { pathParam } from "@/lib/validation/url-params";
import "@/components/editor/editor.css";

export const metadata: Metadata = { title: "Editor" };

/** /editor/<draftId>: the owner (or an admin or editor of the owner's team) only; anyone else gets 404. */
export default async function EditorPage({ params }: { params: Promise<{ id: string }> }) {
  const account = await requireAccount();
  const id = pathParam((await params).id);
  if (id === null) notFound();
  const database = await db();
  let draft: Awaited<ReturnType<typeof getDraftForEditor>>;
  try {
    draft = await getDraftForEditor(database, account.id, id);
  } catch (error) {
    if (error instanceof HopError && error.status === 404) notFound();
    throw error;
  }
  const nonce = (await headers()).get("x-nonce") ?? "";
  return (
    <EditorApp
      draft={{ id: draft.id, name: draft.name, templateId: draft.templateId, semantic: draft.semantic, version: draft.version, published: draft.published }}
      nonce={nonce}
      targets={await publishTargets(database, draft.ownerId)}
    />
  );
}
