import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import "@/components/dashboard/sso.css";
import { AuthCard } from "@/components/dashboard/auth-card";
import { LoginForm } from "@/components/dashboard/login-form";
import { SsoButtons } from "@/components/dashboard/sso-buttons";
import { Alert } from "@/components/ui/alert";
import { ssoErrorMessage } from "@/components/dashboard/sso-messages";
import { oidcButtons } from "@/lib/auth/oidc-providers";
import { signUpAdvertised } from "@/lib/accounts/sign-up";
import { config } from "@/lib/config";
import { safeCallbackPath } from "@/lib/auth/safe-callback";
import { currentAccount } from "@/lib/dashboard/current-account";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const callbackUrl = safeCallbackPath(query.callbackUrl, config().appUrl);
  const providers = oidcButtons();
  const ssoError = ssoErrorMessage(query.error);
  if (await currentAccount()) redirect(callbackUrl);
  return (
    <AuthCard
      title="Sign in to Hop"
      subtitle="Welcome back. Enter your e-mail and password."
      footer={
        signUpAdvertised() ? (
          <>
            No account yet? <Link href="/signup">Create one</Link>
          </>
        ) : config().signup === "oidc-only" && providers.length ? (
          "New here? Sign in with your organisation's provider above: your first sign-in creates your account."
        ) : (
          "Accounts on this instance are made by its operator."
        )
      }
    >
      {/* Why a single sign-on came back without a session (lib/auth/oidc-sign-in.ts). */}
      {ssoError ? (
        <div className="sso-refusal">
          <Alert tone="danger">{ssoError}</Alert>
        </div>
      ) : null}
      <LoginForm callbackUrl={callbackUrl} />
      {providers.length ? <SsoButtons providers={providers} callbackUrl={callbackUrl} /> : null}
    </AuthCard>
  );
}
