"use client";

import Link from "next/link";
import { useEffect, useRef, useTransition } from "react";
import { failureReference, isDatabaseUnavailableDigest } from "@/lib/dashboard/page-failure-digest";
import { Button, ButtonLink } from "../ui/button";
import { AlertIcon, DatabaseIcon, Logo, RefreshIcon } from "../ui/icons";

/** What Next hands an error boundary (app/**\/error.tsx, app/global-error.tsx). */
export interface BoundaryProps {
  error: Error & { digest?: string };
  /** Re-renders the boundary's children from what the client already has. */
  reset: () => void;
  /** Next 16.3+: fetches the failed segment again, then re-renders (what "Try again" means after a server failure). */
  retry?: () => void;
}

const COPY = {
  database: {
    title: "Hop can't reach its database right now",
    text: "This usually passes within seconds, while the database restarts or fails over. Wait a moment, then try again.",
  },
  other: {
    title: "Something went wrong",
    text: "This page could not be loaded. Try again; if it keeps happening, send the reference below to whoever runs this Hop instance.",
  },
};

/**
 * The designed failure of a page: what happened in plain words, "Try again", a way home and the
 * reference that matches the server's log line. Never the error's message or stack: in production
 * Next does not send them, and in development they belong in the terminal, not on the page. Only
 * classes, no inline styles, so the pages' CSP (proxy.ts) has nothing to refuse.
 */
export function ErrorState({ error, reset, retry, home = { href: "/", label: "Back to the overview" } }: BoundaryProps & { home?: { href: string; label: string } }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [pending, startTransition] = useTransition();
  const database = isDatabaseUnavailableDigest(error.digest);
  const copy = database ? COPY.database : COPY.other;
  const reference = failureReference(error.digest);
  // A keyboard or screen-reader user lands on the message, not on whatever had focus before.
  useEffect(() => heading.current?.focus(), [error]);
  return (
    <section className="card error-state" aria-labelledby="error-title" data-failure={database ? "database" : "other"}>
      <title>{`${database ? "Database unavailable" : "Something went wrong"} · Hop`}</title>
      <div className={database ? "error-state-icon is-database" : "error-state-icon"}>{database ? <DatabaseIcon /> : <AlertIcon />}</div>
      <h1 id="error-title" className="error-state-title" tabIndex={-1} ref={heading}>
        {copy.title}
      </h1>
      <p className="error-state-text">{copy.text}</p>
      <div className="error-state-actions">
        <Button onClick={() => startTransition(() => (retry ?? reset)())} disabled={pending} aria-busy={pending || undefined}>
          <RefreshIcon /> {pending ? "Trying again…" : "Try again"}
        </Button>
        <ButtonLink href={home.href} variant="secondary">
          {home.label}
        </ButtonLink>
      </div>
      {reference ? (
        <p className="error-state-reference">
          Reference <code>{reference}</code>
        </p>
      ) : null}
    </section>
  );
}

/** The same, on its own page (no sidebar): for failures outside the signed-in shell. */
export function StandaloneErrorState(props: BoundaryProps & { home?: { href: string; label: string } }) {
  return (
    <main className="auth error-page">
      <div className="error-page-inner">
        <Link href="/" aria-label="Hop home" className="error-page-logo">
          <Logo size={36} />
        </Link>
        <ErrorState {...props} />
      </div>
    </main>
  );
}
