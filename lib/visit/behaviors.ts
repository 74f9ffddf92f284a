import type { InAppName } from "../ua/classify";

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
