import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/dashboard/auth-card";
import { ForgotPasswordForm } from "@/components/dashboard/password-reset-forms";
import { Alert } from "@/components/ui/alert";
import { currentAccount } from "@/lib/dashboard/current-account";
import { mailConfigured } from "@/lib/mail/send-mail";

export const metadata: Metadata = { title: "Forgot your password?" };

export default async function ForgotPasswordPage() {
  if (await currentAccount()) redirect("/account");
  const mail = mailConfigured();
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle={mail ? "We'll e-mail you a link to choose a new one." : "This server sends no e-mail: a reset link comes from the person who runs it."}
      footer={<>Remembered it? <Link href="/login">Sign in</Link></>}
    >
      {mail ? (
        <ForgotPasswordForm />
      ) : (
        <Alert tone="warning">
          <p>
            <strong>Ask the server&apos;s operator for a reset link.</strong> It opens a page where you choose a new password, and works for an hour.
          </p>
          <p className="alert-next">
            <strong>You run this server yourself?</strong> In its directory, run <code>npm run cli -- account reset-password --email you@example.com</code> (with your address) and open the link it prints.
          </p>
        </Alert>
      )}
    </AuthCard>
  );
}
