import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/dashboard/auth-card";
import { planLabel } from "@/components/dashboard/plan";
import { AcceptInvitationLink } from "@/components/team/accept-invitation-link";
import { buttonClass } from "@/components/ui/button";
import { db } from "@/lib/db/open";
import { currentAccount } from "@/lib/dashboard/current-account";
import { pageRead } from "@/lib/dashboard/page-failure";
import { findInvitationByToken } from "@/lib/team/invitations";

export const metadata: Metadata = { title: "Team invitation", robots: { index: false, follow: false } };

/**
 * A team invitation link. Opening it changes nothing (mail scanners open links too): a signed-out
 * visitor signs up or in and comes back here, and only the Accept button joins the team.
 */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [account, invitation] = await Promise.all([currentAccount(), pageRead("invitation", async () => findInvitationByToken(await db(), token))]);
  if (!invitation) {
    return (
      <AuthCard title="This invitation link does not work" subtitle="It was used, cancelled or has expired. Ask whoever invited you for a new link.">
        <Link className={buttonClass("secondary", "lg", "btn-block")} href="/">
          Go to Hop
        </Link>
      </AuthCard>
    );
  }
  const owner = invitation.owner.name ?? invitation.owner.email;
  const from = invitation.owner.name ? `${invitation.owner.name} (${invitation.owner.email})` : invitation.owner.email;
  const subtitle = <>{from} invited you to join their team as <strong>{planLabel(invitation.role)}</strong>.</>;
  const back = encodeURIComponent(`/invite/${token}`);
  if (!account) {
    return (
      <AuthCard title={`Join ${owner}'s team on Hop`} subtitle={subtitle} footer="The link works once; it stays valid while you sign up or sign in.">
        <div className="form-stack">
          <Link className={buttonClass("primary", "lg", "btn-block")} href={`/signup?callbackUrl=${back}`}>
            Create an account
          </Link>
          <Link className={buttonClass("secondary", "lg", "btn-block")} href={`/login?callbackUrl=${back}`}>
            I have an account: sign in
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (account.id === invitation.ownerId) {
    return (
      <AuthCard title="This is your own invitation link" subtitle="Share it with the person you invited: whoever opens it and accepts joins your team.">
        <Link className={buttonClass("secondary", "lg", "btn-block")} href="/team">
          Back to your team
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Join ${owner}'s team`} subtitle={subtitle} footer={<>Signed in as {account.email}. <Link href="/">Not now</Link></>}>
      <AcceptInvitationLink token={token} ownerId={invitation.ownerId} />
    </AuthCard>
  );
}
