// Next calls `register` once per server start and holds requests until it resolves. Without
// server.ts (`next start`, `next dev`, a platform's Next runtime) it opens and migrates the
// database and starts what runs around visits — the event queue's flush timer and its drain on
// SIGTERM, usage counters, the Redis invalidation relay — as server.ts does. Under server.ts it
// returns at once (lib/server/next-entry.ts).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startWithoutServer } = await import("./lib/server/next-entry");
  const { screenBeforeNext } = await import("./lib/server/before-next");
  const { answerConnect } = await import("./lib/server/refused-requests");
  await startWithoutServer(screenBeforeNext, answerConnect);
}
