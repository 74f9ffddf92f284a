import type { Metadata } from "next";
import { AuthCard } from "@/components/dashboard/auth-card";
import { ButtonLink } from "@/components/ui/button";

export const metadata: Metadata = { title: "Not found" };

// Next's built-in 404 carries inline styles that the pages' CSP (proxy.ts) refuses; this one uses
// the design system's classes. Another account's link, page or draft lands here too: it answers
// exactly as an unknown id does, so nothing tells the two apart.
export default function NotFound() {
  return (
    <AuthCard title="Nothing here" subtitle="This page does not exist, or it belongs to a workspace you cannot open.">
      <div className="auth-actions">
        <ButtonLink href="/">Back to the overview</ButtonLink>
      </div>
    </AuthCard>
  );
}
