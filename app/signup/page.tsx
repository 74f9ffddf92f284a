import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/dashboard/auth-card";
import { SignupForm } from "@/components/dashboard/signup-form";
import { Alert } from "@/components/ui/alert";
import { signUpState } from "@/lib/accounts/sign-up";
import { config } from "@/lib/config";
import { db } from "@/lib/db/open";
import { safeCallbackPath } from "@/lib/auth/safe-callback";
import { currentAccount } from "@/lib/dashboard/current-account";
import { pageRead } from "@/lib/dashboard/page-failure";

export const metadata: Metadata = { title: "Create your account" };

export default async function SignupPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // An invitation link (/invite/<token>) sends people here and expects them back.
  const callbackUrl = safeCallbackPath((await searchParams).callbackUrl, config().appUrl);
  if (await currentAccount()) redirect(callbackUrl);
  const { open, first } = await pageRead("signup", async () => signUpState(await db()));
  return (
    <AuthCard
      title="Create your Hop account"
      subtitle={first ? "You are the first: this account gets the Unlimited plan and runs this instance." : "Short links, link-in-bio websites and an API, in one place."}
      footer={<>Already have an account? <Link href={callbackUrl === "/" ? "/login" : `/login?callbackUrl=${encodeURIComponent(callbackUrl)}`}>Sign in</Link></>}
    >
      {open ? <SignupForm callbackUrl={callbackUrl} /> : <Alert tone="warning"><strong>Sign-up is closed.</strong> Ask the operator of this Hop instance for an account.</Alert>}
    </AuthCard>
  );
}
