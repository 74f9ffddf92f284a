"use client";

import { StandaloneErrorState, type BoundaryProps } from "@/components/dashboard/error-state";

// Pages outside the signed-in shell (the landing page, sign-in, sign-up) and the dashboard's own
// layout (a failure there leaves no sidebar to keep) land here instead of Next's built-in error
// page, whose inline styles the pages' CSP refuses.
export default function RootError(props: BoundaryProps) {
  return <StandaloneErrorState {...props} />;
}
