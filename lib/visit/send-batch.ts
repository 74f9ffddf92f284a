import type { ServerResponse } from "node:http";
import { countVisitAnswer } from "./count-answer";
import { send, type VisitAnswer } from "./respond";

// Answers made synchronously (a cached address) are written together once the event loop has read
// every request that arrived with them, rather than each as soon as it is made. On loopback — a
// reverse proxy on the same host, the bench's load generator — every write to a waiting peer wakes
// it, and the waking costs this thread more than the answer (~0.7 µs of a ~19 µs redirect in the
// kernel's wake-up alone); written as one burst, the peer wakes once and reads them all. A
// response waits at most for the rest of the loop's turn — the other requests read with it — and
// a lone request not at all beyond that turn. Measured in docs/decisions/021-kept-pages-and-one-write-per-turn.md.
//
// Order is kept: the batch is written in arrival order, and Node holds a pipelined request's
// answer until the earlier one on its connection is finished.

const responses: ServerResponse[] = [];
const answers: VisitAnswer[] = [];
/** When each request arrived (performance.now()), for /metrics' latency. */
const arrivals: number[] = [];

function writeBatch(): void {
  for (let i = 0; i < responses.length; i += 1) send(responses[i], answers[i]);
  const written = performance.now();
  for (let i = 0; i < answers.length; i += 1) countVisitAnswer(answers[i].status, arrivals[i], written);
  responses.length = 0;
  answers.length = 0;
  arrivals.length = 0;
}

/** Writes `answer` at the end of this turn of the event loop, with the others made in it. */
export function sendInBatch(res: ServerResponse, answer: VisitAnswer, arrived: number): void {
  if (responses.push(res) === 1) setImmediate(writeBatch);
  answers.push(answer);
  arrivals.push(arrived);
}

/** How many answers wait for the end of this turn (tests). */
export function batchedAnswers(): number {
  return responses.length;
}
