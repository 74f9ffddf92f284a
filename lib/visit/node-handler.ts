import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { closeAfterEarlyAnswer } from "../http/early-answer";
import { FONT_PATH_PREFIX } from "../bio/font-choices";
import { CARD_PATH_PREFIX, IMAGE_PATH_PREFIX } from "../images/image-address";
import { answerKnownCard } from "../images/card-answers";
import { errorFields, log } from "../log";
import { answerVisit, type VisitRequest } from "./answer-visit";
import { newConnectionVisitor, type ConnectionVisitor } from "./connection-visitor";
import { CLICK_PATH, handleClickBeacon } from "./record-click";
import { sendInBatch } from "./send-batch";
import { countVisitAnswer } from "./count-answer";
import { failedVisitResponse, send, sendError } from "./respond";
import { readBodyText } from "../http/read-body";
import { CONTACT_PATH, handleContactSubmission } from "./submit-contact";
import { handleSignupAddress, signupAddress } from "./submit-signup";

const connections = new WeakMap<Socket, ConnectionVisitor>();

function connectionVisitor(socket: Socket): ConnectionVisitor {
  let seen = connections.get(socket);
  if (seen === undefined) connections.set(socket, (seen = newConnectionVisitor()));
  return seen;
}

function toVisitRequest(req: IncomingMessage): VisitRequest {
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  return {
    method: req.method ?? "GET",
    host: (req.headers.host ?? "").toLowerCase(),
    pathname: q === -1 ? url : url.slice(0, q),
    search: q === -1 ? "" : url.slice(q),
    headers: req.headers,
    socketIp: req.socket.remoteAddress,
    sendsKeptCodings: true,
    connection: connectionVisitor(req.socket),
    readBody: req.method === "POST" ? (max) => readBodyText(req, max) : undefined,
  };
}

/**
 * The server's fast path (the first entry point): answers visitors before Next's pipeline, or calls
 * `next` when the request is the app's. Without server.ts, proxy.ts is the entry point instead
 * (web-handler.ts) onto the same answerVisit. Every path ends in an answer: a failure is the 500 page (the database
 * unreachable: 503), written through `send`, which itself never leaves a socket open.
 */
export function handleVisit(req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage, res: ServerResponse) => void): void {
  const arrived = performance.now();
  if (req.method === "POST" && (req.url === CLICK_PATH || req.url === CONTACT_PATH)) {
    res.once("finish", () => countVisitAnswer(res.statusCode, arrived));
    // Each stops reading past its size limit and answers (413, or the beacon's 204) with the rest unread.
    closeAfterEarlyAnswer(req, res);
    return void (req.url === CLICK_PATH ? handleClickBeacon(req, res) : handleContactSubmission(req, res));
  }
  const signup = req.url?.startsWith("/__hop/signup") ? signupAddress(req.url) : null;
  if (signup) {
    res.once("finish", () => countVisitAnswer(res.statusCode, arrived));
    if (req.method === "POST") closeAfterEarlyAnswer(req, res);
    return void handleSignupAddress(req, res, signup);
  }
  // A social card drawn before, of a page known here: from memory; otherwise Next's route reads and draws it.
  if (req.url?.startsWith(CARD_PATH_PREFIX)) return void (answerKnownCard(req, res) || next(req, res));
  // Uploaded pictures and page fonts are the app's on every host (a page on a custom domain loads its avatar and font there).
  if (req.url?.startsWith(IMAGE_PATH_PREFIX) || req.url?.startsWith(FONT_PATH_PREFIX)) return next(req, res);
  let result: ReturnType<typeof answerVisit>;
  try {
    result = answerVisit(toVisitRequest(req));
  } catch (error) {
    log.error("visit failed", { url: req.url, ...errorFields(error) });
    sendError(res);
    return countVisitAnswer(res.statusCode, arrived);
  }
  if (result === null) return next(req, res);
  if (!(result instanceof Promise)) return sendInBatch(res, result, arrived);
  // A link's password form: the answer may leave with the body unread (too long, a 405).
  if (req.method === "POST") closeAfterEarlyAnswer(req, res);
  result.then(
    // Written at once, not batched: a lookup's answer would wait behind whatever else its turn runs
    // (the lookup limit's other lookups; on PGlite the event writer's slices, on this thread).
    (answer) => {
      if (!answer) return next(req, res);
      send(res, answer);
      countVisitAnswer(answer.status, arrived);
    },
    (error: unknown) => {
      const unavailable = failedVisitResponse(error, { url: req.url });
      send(res, unavailable);
      countVisitAnswer(unavailable.status, arrived);
    },
  );
}
