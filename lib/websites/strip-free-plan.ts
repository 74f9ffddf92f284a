import { isPaidPlan } from "../accounts/plans";
import { isFormBlock } from "../bio/page-settings";

type Data = Record<string, unknown>;

function isObject(value: unknown): value is Data {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What a free account may not publish, removed before every publish: hideBranding,
 * profile.verified, contact and sign-up blocks, socialsAppearance.showFollowers and the Smart 18+
 * mode (settings.adultMode / settings.smart18 / settings.ageGate).
 */
export function stripForPlan(data: Data, plan: string): Data {
  if (isPaidPlan(plan)) return data;
  const copy: Data = structuredClone(data);
  delete copy.hideBranding;
  if (isObject(copy.settings)) {
    delete copy.settings.hideBranding;
    delete copy.settings.adultMode;
    delete copy.settings.smart18;
    delete copy.settings.ageGate;
  }
  if (isObject(copy.profile)) delete copy.profile.verified;
  if (isObject(copy.socialsAppearance)) delete copy.socialsAppearance.showFollowers;
  if (Array.isArray(copy.links)) copy.links = copy.links.filter((block) => !isFormBlock(block));
  return copy;
}
