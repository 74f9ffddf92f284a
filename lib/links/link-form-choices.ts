import { config } from "../config";
import type { Db } from "../db/open";
import { countryList } from "../geo/countries";

/** What the link form offers: the domains a new link may use (the default one first), groups and geo presets. */
export async function linkFormChoices(db: Db, accountId: string) {
  const { primaryDomain, systemDomains } = config();
  const [custom, groups, presets] = await Promise.all([
    db.domain.findMany({ where: { accountId, verified: true }, select: { domain: true, isDefault: true }, orderBy: { domain: "asc" } }),
    db.group.findMany({ where: { accountId }, select: { id: true, name: true }, orderBy: { name: "asc" } }),
    db.geoPreset.findMany({ where: { accountId }, select: { id: true, name: true, countries: true }, orderBy: { name: "asc" } }),
  ]);
  const domains = [...new Set([primaryDomain, ...systemDomains, ...custom.map((d) => d.domain)])];
  const defaultDomain = custom.find((d) => d.isDefault)?.domain ?? primaryDomain;
  // On a custom domain a link may leave its slug empty (the server draws one); elsewhere it needs one.
  const customDomains = custom.map((d) => d.domain);
  return { domains, defaultDomain, primaryDomain, customDomains, groups, presets, countries: countryList() };
}

export type LinkFormChoices = Awaited<ReturnType<typeof linkFormChoices>>;
