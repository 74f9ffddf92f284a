import type { Metadata } from "next";
import { ApiOnlyPage } from "@/components/dashboard/api-only-page";
import { LinkIcon } from "@/components/ui/icons";
import { requireAccount } from "@/lib/dashboard/current-account";

export const metadata: Metadata = { title: "Links" };

export default async function Page() {
  await requireAccount();
  return (
    <ApiOnlyPage title="Links" description="Short links, their rules and their clicks." icon={<LinkIcon />} pending="The link editor is on its way">
      Until it arrives here, create and manage short links through the API: <code>POST /v1/links</code> with an API key.
    </ApiOnlyPage>
  );
}
