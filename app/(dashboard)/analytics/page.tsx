import type { Metadata } from "next";
import { ApiOnlyPage } from "@/components/dashboard/api-only-page";
import { ChartIcon } from "@/components/ui/icons";
import { requireAccount } from "@/lib/dashboard/current-account";

export const metadata: Metadata = { title: "Analytics" };

export default async function Page() {
  await requireAccount();
  return (
    <ApiOnlyPage title="Analytics" description="Clicks and visits by country, device and referrer." icon={<ChartIcon />} pending="Charts are on their way">
      Until they arrive here, read any link&apos;s numbers through the API: <code>GET /v1/analytics/links/&lt;id&gt;</code> with an API key.
    </ApiOnlyPage>
  );
}
