import type { Metadata } from "next";
import { ApiOnlyPage } from "@/components/dashboard/api-only-page";
import { GlobeIcon } from "@/components/ui/icons";
import { requireAccount } from "@/lib/dashboard/current-account";

export const metadata: Metadata = { title: "Domains" };

export default async function Page() {
  await requireAccount();
  return (
    <ApiOnlyPage title="Domains" description="Custom domains for your links and pages." icon={<GlobeIcon />} pending="Domain management is on its way">
      Until it arrives here, connect and verify domains through the API: <code>POST /v1/domains</code> with an API key.
    </ApiOnlyPage>
  );
}
