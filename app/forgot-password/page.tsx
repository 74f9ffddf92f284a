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
  return (
    <AuthCard title="Forgot your password?" subtitle="We'll e-mail you a link to choose a new one." footer={<>Remembered it? <Link href="/login">Sign in</Link></>}>
      {mailConfigured() ? (
        <ForgotPasswordForm />
      ) : (
        <Alert tone="warning">
          <strong>This server does not send e-mail.</strong> Ask its operator for a reset link: they can make one with{" "}
          <code>npm run cli -- account reset-password --email you@example.com</code>.
        </Alert>
      )}
    </AuthCard>
  );
}
