"use client";

import { ErrorState, type BoundaryProps } from "@/components/dashboard/error-state";

/** A dashboard page that failed on the server: the sidebar stays, the page says what happened (components/dashboard/error-state.tsx). */
export default function DashboardError(props: BoundaryProps) {
  return (
    <div className="page-stack">
      <ErrorState {...props} />
    </div>
  );
}
