import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/dashboard/auth-card";
import { ConfirmEmailCard } from "@/components/dashboard/email-confirmation";
import { Alert } from "@/components/ui/alert";
import { confirmationLinkState } from "@/lib/accounts/email-confirmation";
import { db } from "@/lib/db/open";
import { pageRead } from "@/lib/dashboard/page-failure";
import { pathParam } from "@/lib/validation/url-params";

export const metadata: Metadata = { title: "Confirm your e-mail", referrer: "no-referrer" };

/** A confirmation link: opening it changes nothing (mail scanners open links); the button uses it. */
export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const token = pathParam((await params).token) ?? "";
  const link = await pageRead("confirm-email", async () => confirmationLinkState(await db(), token));
  if (link) return <ConfirmEmailCard token={token} email={link.email} />;
  return (
    <AuthCard title="Confirm your e-mail" subtitle="This link cannot be used." footer={<Link href="/">Back to Hop</Link>}>
      <div className="form-stack">
        <Alert tone="warning">This confirmation link is not valid: it was used, replaced by a newer one, or has expired.</Alert>
        <p className="auth-note">Sign in and choose &ldquo;Resend the link&rdquo; on your dashboard for a new one.</p>
        <Link href="/login" className="btn btn-primary btn-block">
          Sign in
        </Link>
      </div>
    </AuthCard>
  );
}
