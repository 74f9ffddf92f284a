import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/dashboard/auth-card";
import { ResetPasswordForm } from "@/components/dashboard/password-reset-forms";
import { Alert } from "@/components/ui/alert";
import { resetLinkIsLive } from "@/lib/accounts/password-reset";
import { db } from "@/lib/db/open";
import { pageRead } from "@/lib/dashboard/page-failure";
import { pathParam } from "@/lib/validation/url-params";

export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

/** A reset link: opening it changes nothing (mail scanners open links); the form uses it. */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const token = pathParam((await params).token) ?? "";
  const live = await pageRead("reset-password", async () => resetLinkIsLive(await db(), token));
  return (
    <AuthCard title="Choose a new password" subtitle="Setting it signs you out on every other device." footer={<Link href="/login">Back to sign in</Link>}>
      {live ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="form-stack">
          <Alert tone="warning">This reset link is not valid: it was used, replaced by a newer one, or has expired.</Alert>
          <Link href="/forgot-password" className="btn btn-primary btn-block">
            Ask for a new link
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
