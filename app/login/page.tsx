import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/dashboard/auth-card";
import { LoginForm } from "@/components/dashboard/login-form";
import { signUpAdvertised } from "@/lib/accounts/sign-up";
import { config } from "@/lib/config";
import { safeCallbackPath } from "@/lib/auth/safe-callback";
import { currentAccount } from "@/lib/dashboard/current-account";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const callbackUrl = safeCallbackPath((await searchParams).callbackUrl, config().appUrl);
  if (await currentAccount()) redirect(callbackUrl);
  return (
    <AuthCard
      title="Sign in to Hop"
      subtitle="Welcome back. Enter your e-mail and password."
      footer={signUpAdvertised() ? <>No account yet? <Link href="/signup">Create one</Link></> : "Accounts on this instance are made by its operator."}
    >
      <LoginForm callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
