import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/dashboard/auth-card";
import { SsoLinkForm } from "@/components/dashboard/sso-link-form";
import { Alert } from "@/components/ui/alert";
import { twoFactorStatus } from "@/lib/accounts/two-factor";
import { openLinkTicket } from "@/lib/auth/oidc-link-ticket";
import { oidcProviderName } from "@/lib/auth/oidc-providers";
import { db } from "@/lib/db/open";
import { pageRead } from "@/lib/dashboard/page-failure";

export const metadata: Metadata = { title: "Link your sign-in", referrer: "no-referrer" };

/**
 * A first single sign-on whose verified address already has an account (lib/auth/oidc-sign-in.ts):
 * the account's password (and code) links the provider to it. Opening the page changes nothing.
 */
export default async function LinkSignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const given = (await searchParams).ticket;
  const ticket = await openLinkTicket(typeof given === "string" ? given : null);
  const provider = ticket ? oidcProviderName(ticket.provider) : null;
  const needsCode = ticket ? await pageRead("link-sign-in", async () => (await twoFactorStatus(await db(), ticket.accountId)).enabled) : false;
  return (
    <AuthCard
      title={provider ? `Link your ${provider} sign-in` : "Link your sign-in"}
      subtitle={ticket ? <>Hop already has an account for <strong>{ticket.email}</strong>. Enter its password once to link {provider} to it.</> : "Single sign-on to an existing account."}
      // The refusal below has its own way back: one is enough.
      footer={ticket ? <Link href="/login">Back to sign in</Link> : undefined}
    >
      {ticket && provider ? (
        <SsoLinkForm ticket={typeof given === "string" ? given : ""} provider={provider} needsCode={needsCode} />
      ) : (
        <div className="form-stack">
          <Alert tone="warning">This link request is not valid or has expired (it lasts 10 minutes). Sign in with your provider again to start over.</Alert>
          <Link href="/login" className="btn btn-primary btn-block">
            Back to sign in
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
