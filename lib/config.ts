import path from "node:path";
import { z } from "zod";
import { PlanName } from "./accounts/plans";
import { parseProxyTrust, type ProxyTrust } from "./net/proxy-trust";
import { shared } from "./shared";

const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

const EnvSchema = z.object({
  APP_URL: z.string().url().optional(),
  PRIMARY_DOMAIN: z.string().optional(),
  SHORT_LINK_SCHEME: z.enum(["http", "https"]).optional(),
  SYSTEM_DOMAINS: list,
  PREMIUM_SYSTEM_DOMAINS: list,
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default("./.data"),
  REDIS_URL: z.string().optional(),
  HOP_REDIS_PREFIX: z.string().default("hop"),
  DNS_SERVERS: list,
  CNAME_TARGET: z.string().optional(),
  APEX_A_RECORD: z.string().default("127.0.0.1"),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): ProxyTrust => {
      const trust = parseProxyTrust(value);
      if (!("error" in trust)) return trust;
      ctx.addIssue({ code: "custom", message: `${trust.error}; use true, false, a hop count, or a comma list of addresses and CIDR ranges (e.g. 10.0.0.0/8,fd00::/8)` });
      return z.NEVER;
    }),
  API_KEY_PREFIX: z.string().regex(/^[a-z0-9]{1,16}$/).default("hop"),
  AUTH_SECRET: z.string().optional(),
  BLOCKED_DESTINATION_HOSTS: list,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  SIGNUP: z.enum(["open", "closed"]).default("open"),
  /** Contact-form submissions a page stores in any hour, from all its visitors together. */
  CONTACTS_PER_PAGE_PER_HOUR: z.coerce.number().int().min(1).default(1000),
  DEFAULT_PLAN: PlanName.default("free"),
});

export type Config = ReturnType<typeof readConfig>;

function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const result = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  // Named per variable, so a bad value stops the start with a line saying which one and why.
  if (!result.success) throw new Error(`Invalid configuration: ${result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
  const parsed = result.data;
  // Without APP_URL the app is where it listens: PORT alone gives short links that work (PORT=0,
  // a free port chosen at start, keeps the documented localhost:3000).
  const appUrlText = parsed.APP_URL ?? `http://localhost:${parsed.PORT || 3000}`;
  const appUrl = new URL(appUrlText);
  const primaryDomain = (parsed.PRIMARY_DOMAIN ?? appUrl.host).toLowerCase();
  const primaryHostname = primaryDomain.replace(/:\d+$/, "");
  const isLocal = primaryHostname === "localhost" || primaryHostname === "127.0.0.1";
  return {
    appUrl: appUrlText.replace(/\/$/, ""),
    appUrlFromEnv: parsed.APP_URL !== undefined,
    appHost: appUrl.host.toLowerCase(),
    primaryDomain,
    shortLinkScheme: parsed.SHORT_LINK_SCHEME ?? (isLocal ? "http" : "https"),
    systemDomains: parsed.SYSTEM_DOMAINS,
    premiumSystemDomains: parsed.PREMIUM_SYSTEM_DOMAINS.filter((d) => parsed.SYSTEM_DOMAINS.includes(d)),
    databaseUrl: parsed.DATABASE_URL,
    dataDir: path.resolve(parsed.DATA_DIR),
    redisUrl: parsed.REDIS_URL,
    redisPrefix: parsed.HOP_REDIS_PREFIX,
    dnsServers: parsed.DNS_SERVERS,
    cnameTarget: parsed.CNAME_TARGET ?? `cname.${primaryHostname}`,
    apexARecord: parsed.APEX_A_RECORD,
    /** Whether any proxy is trusted (its headers, X-Forwarded-For and the country ones, are read). */
    trustProxy: parsed.TRUST_PROXY.kind !== "none",
    proxyTrust: parsed.TRUST_PROXY,
    apiKeyPrefix: parsed.API_KEY_PREFIX,
    authSecret: parsed.AUTH_SECRET,
    blockedDestinationHosts: parsed.BLOCKED_DESTINATION_HOSTS,
    port: parsed.PORT,
    host: parsed.HOST,
    signup: parsed.SIGNUP,
    defaultPlan: parsed.DEFAULT_PLAN,
    contactsPerPagePerHour: parsed.CONTACTS_PER_PAGE_PER_HOUR,
  };
}

export function config(): Config {
  return shared("config", () => readConfig());
}
