import { countResponse, isRedirectStatus, PAGE, REDIRECT } from "../metrics/counters";

/** A visitor answer written: a redirect or a page (bio pages, the 404, escape and password pages). */
export function countVisitAnswer(status: number, arrived: number, written = performance.now()): void {
  countResponse(isRedirectStatus(status) ? REDIRECT : PAGE, status, (written - arrived) / 1000);
}
