import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/dashboard/auth-card";
import { Alert } from "@/components/ui/alert";
import { config } from "@/lib/config";
import { safeCallbackPath } from "@/lib/auth/safe-callback";

export const metadata: Metadata = { title: "Check your inbox" };

/**
 * Where sign-up lands when SMTP is set up, whether or not the address already had an account
 * (docs/decisions/047): the words are true either way, and nothing here reads the database.
 */
export default async function CheckInboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const email = typeof query.email === "string" ? query.email.slice(0, 320) : "";
  const callbackUrl = safeCallbackPath(query.callbackUrl, config().appUrl);
  const signIn = callbackUrl === "/" ? "/login" : `/login?callbackUrl=${encodeURIComponent(callbackUrl)}`;
  return (
    <AuthCard title="Check your inbox" subtitle={email ? <>We sent an e-mail to <strong>{email}</strong>.</> : "We sent you an e-mail."} footer={<>Wrong address? <Link href="/signup">Sign up again</Link></>}>
      <div className="form-stack" data-testid="check-inbox">
        <Alert tone="info">
          Open the link in it to confirm your address. Until then you can use Hop, but not create API keys or invite team members. The link works for 24 hours; check the spam folder too.
        </Alert>
        <Link href={signIn} className="btn btn-primary btn-block btn-lg">
          Sign in
        </Link>
      </div>
    </AuthCard>
  );
}
