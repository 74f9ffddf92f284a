import type { InAppName, UaInfo } from "../ua/classify";
import { escapePageResponse } from "./escape-pages";
import { redirectResponse, type VisitAnswer } from "./respond";

// What each redirect behavior does for a person (bots always get the preview page). See
// docs/redirect-behaviors.md for the user agents behind each case.

export type BehaviorAction = { kind: "redirect" } | { kind: "escape"; attempt: boolean };

const META_APPS: ReadonlySet<InAppName> = new Set(["instagram", "facebook", "messenger", "threads"]);

export function behaviorAction(behavior: string, inApp: InAppName | null): BehaviorAction {
  if (!inApp || behavior === "basic") return { kind: "redirect" };
  switch (behavior) {
    case "aggressive":
    case "reddit":
    case "experimental":
    case "experimental2":
      return { kind: "escape", attempt: true };
    case "non-meta":
      return META_APPS.has(inApp) ? { kind: "redirect" } : { kind: "escape", attempt: true };
    default:
      return { kind: "escape", attempt: false };
  }
}

/**
 * A person sent on to `destination` by `behavior`: a 302, or the escape page when the behavior
 * leaves the in-app browser they are in. Used for links and for a bio page's buttons alike.
 */
export function answerThroughBehavior(destination: string, behavior: string, ua: Pick<UaInfo, "inApp" | "platform">, alternateBackUrl: string | null): VisitAnswer {
  const action = behaviorAction(behavior, ua.inApp);
  if (action.kind === "redirect" || !ua.inApp) return redirectResponse(destination);
  return escapePageResponse({ destination, app: ua.inApp, platform: ua.platform, attempt: action.attempt, alternateBackUrl });
}

/** Whether `behavior` takes an in-app visitor through the escape page rather than straight on. */
export function leavesInAppBrowser(behavior: string, inApp: InAppName | null): boolean {
  return behaviorAction(behavior, inApp).kind === "escape";
}
