"use client";

import { StandaloneErrorState, type BoundaryProps } from "@/components/dashboard/error-state";

/** The editor could not open a draft (the database down, most likely): the way back is the Websites page. */
export default function EditorError(props: BoundaryProps) {
  return <StandaloneErrorState {...props} home={{ href: "/websites", label: "Back to your websites" }} />;
}
