import type { Metadata } from "next";
import { ApiOnlyPage } from "@/components/dashboard/api-only-page";
import { LayoutIcon } from "@/components/ui/icons";
import { requireAccount } from "@/lib/dashboard/current-account";

export const metadata: Metadata = { title: "Websites" };

export default async function Page() {
  await requireAccount();
  return (
    <ApiOnlyPage title="Websites" description="Link-in-bio pages with your links, socials and contact forms." icon={<LayoutIcon />} pending="The page editor is on its way">
      Until it arrives here, create link-in-bio pages through the API: <code>POST /v1/websites</code> with an API key.
    </ApiOnlyPage>
  );
}
