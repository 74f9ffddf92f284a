import { DashboardShell } from "@/components/dashboard/shell";
import { requireAccount } from "@/lib/dashboard/current-account";

/** Every page in this group is signed-in only; a signed-out visitor goes to /login and back. */
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const account = await requireAccount();
  return <DashboardShell account={account}>{children}</DashboardShell>;
}
