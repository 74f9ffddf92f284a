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

/** A whole number from the environment ("5s", "1e3", "abc" or "-1" stop the start). */
const count = (fallback: number, min = 1) =>
  z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`))
    .optional()
    .transform((value) => value ?? fallback);

// Tunables: bounds, pool sizes and timings with safe defaults (documented in .env.example).
const TUNABLES = {
  MEMORY_BUDGET_MB: count(512, 128),
  VISIT_CACHE_MAX_BYTES: count(64 * 1024 * 1024),
  VISIT_CACHE_MISS_MAX_BYTES: count(4 * 1024 * 1024),
  VISIT_CACHE_HOST_MAX_BYTES: count(1024 * 1024),
  UA_CACHE_MAX: count(5000),
  GEO_CACHE_MAX: count(20_000),
  ESCAPE_PAGE_CACHE_MAX: count(2000),
  VISIT_LOOKUP_CONCURRENCY: count(8),
  HOP_DB_POOL_SIZE: count(10),
  HOP_LIMIT_KEYS_MAX: count(100_000),
  EVENT_QUEUE_MAX: count(1_000_000),
  EVENT_SPOOL_MAX_BYTES: count(1024 * 1024 * 1024),
  EVENT_FLUSH_MS: count(250),
  EVENT_BATCH_MAX: count(1000),
  AUTH_FAILURES_PER_MINUTE: count(60),
  HOSTING_DEPLOY_WAIT_MS: count(5000, 0),
  HOSTING_REDEPLOY_BUDGET_MS: count(10_000),
  HOSTING_REDEPLOY_CONCURRENCY: count(3),
  WEBHOOK_POLL_MS: count(1000),
  WEBHOOK_TIMEOUT_MS: count(10_000),
  WEBHOOK_CLICKS_PER_MINUTE: count(600),
};

/**
 * Defaults that follow MEMORY_BUDGET_MB, per MB of budget (at the default 512: links 32 MB, misses
 * 2 MB, hosts 1 MB, 4,096 user agents, 16,384 addresses, 2,048 escape pages, 204,800 event rows
 * ~250 bytes each). Together they stay under the old-space limit the budget sets
 * (scripts/server-command.mjs), with the ~90 MB of code and data every process holds
 * (docs/architecture.md, "Memory"). A variable that is set wins.
 */
const PER_BUDGET_MB: Partial<Record<keyof typeof TUNABLES, number>> = {
  VISIT_CACHE_MAX_BYTES: 1024 * 1024 / 16,
  VISIT_CACHE_MISS_MAX_BYTES: 1024 * 1024 / 256,
  VISIT_CACHE_HOST_MAX_BYTES: 1024 * 1024 / 512,
  UA_CACHE_MAX: 8,
  GEO_CACHE_MAX: 32,
  ESCAPE_PAGE_CACHE_MAX: 4,
  EVENT_QUEUE_MAX: 400,
};

function budgetScaled(given: Record<string, string | undefined>): Record<string, string | undefined> {
  const budget = TUNABLES.MEMORY_BUDGET_MB.safeParse(given.MEMORY_BUDGET_MB);
  const mb = budget.success ? budget.data : 512;
  const scaled = { ...given };
  for (const [name, perMb] of Object.entries(PER_BUDGET_MB)) scaled[name] ??= String(Math.round(mb * perMb));
  return scaled;
}

// Workarounds of Node's or Next's internals (docs/architecture.md, "Node 24: the workarounds
// revisited"): each is on unless its variable says off, and each checks at start that the
// internals it relies on still look as it expects, falling back to plain behaviour when not.
const WORKAROUNDS = {
  HOP_WORKAROUND_TICK_SHAPE: "tickShape",
  HOP_WORKAROUND_KEPT_WIRE: "keptWire",
  HOP_WORKAROUND_METHOD_REWRITE: "methodRewrite",
  HOP_WORKAROUND_REQUEST_STAMP: "requestStamp",
  HOP_WORKAROUND_EXIT_HOOK: "exitHook",
} as const;

export type Workaround = (typeof WORKAROUNDS)[keyof typeof WORKAROUNDS];

const onOff = z.enum(["on", "off"]).default("on");

const EnvSchema = z.object({
  ...TUNABLES,
  ...(Object.fromEntries(Object.keys(WORKAROUNDS).map((name) => [name, onOff])) as Record<keyof typeof WORKAROUNDS, typeof onOff>),
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
  /** Lets a scraper elsewhere read /metrics with `Authorization: Bearer <token>` (loopback needs none). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  BLOCKED_DESTINATION_HOSTS: list,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  SIGNUP: z.enum(["open", "closed"]).default("open"),
  /** Contact-form submissions a page stores in any hour, from all its visitors together. */
  CONTACTS_PER_PAGE_PER_HOUR: count(1000),
  DEFAULT_PLAN: PlanName.default("free"),
  /** smtp(s)://user:pass@host:port; unset = no e-mail is sent (links are only shown). */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, "SMTP_URL must be an smtp:// or smtps:// URL").optional(),
  MAIL_FROM: z.string().optional(),
  /** Seconds between a webhook delivery's attempts, one per retry (docs/webhooks.md). */
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, "must be whole seconds separated by commas, like 5,300,1800")
    .default("5,300,1800,7200,18000,36000")
    .transform((text) => text.split(",").map((part) => Number(part.trim()))),
  /** true: webhooks may point at loopback, private and link-local addresses (tests, private networks). */
  WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false").transform((value) => value === "true"),
  /** Tests only: lets the loopback admin endpoint set the API usage clock (lib/usage/clock.ts). */
  HOP_TEST_CLOCK: z.enum(["on", "off"]).default("off"),
});

export type Config = ReturnType<typeof readConfig>;

/** Every variable the configuration reads (.env.example must list each one). */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape);

/** What stops the start: every variable that is wrong, by name, with the value given. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration: ${problems.join("; ")}`);
  }
}

export function readConfig(env: Record<string, string | undefined> = process.env) {
  const given = budgetScaled(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  const result = EnvSchema.safeParse(given);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "environment");
        return `${name}=${JSON.stringify(given[name] ?? "")}: ${issue.message}`;
      }),
    );
  }
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
    cnameTargetFromEnv: Boolean(parsed.CNAME_TARGET),
    apexARecord: parsed.APEX_A_RECORD,
    apexARecordFromEnv: Boolean(env.APEX_A_RECORD),
    /** Whether any proxy is trusted (its headers, X-Forwarded-For and the country ones, are read). */
    trustProxy: parsed.TRUST_PROXY.kind !== "none",
    proxyTrust: parsed.TRUST_PROXY,
    apiKeyPrefix: parsed.API_KEY_PREFIX,
    authSecret: parsed.AUTH_SECRET,
    metricsToken: parsed.METRICS_TOKEN,
    blockedDestinationHosts: parsed.BLOCKED_DESTINATION_HOSTS,
    port: parsed.PORT,
    host: parsed.HOST,
    signup: parsed.SIGNUP,
    webhookRetryDelaysS: parsed.WEBHOOK_RETRY_DELAYS,
    webhookAllowPrivate: parsed.WEBHOOK_ALLOW_PRIVATE,
    defaultPlan: parsed.DEFAULT_PLAN,
    tunables: Object.fromEntries(Object.keys(TUNABLES).map((name) => [name, parsed[name as keyof typeof TUNABLES]])) as Record<keyof typeof TUNABLES, number>,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM ?? `Hop <hop@${appUrl.hostname}>`,
    testClock: parsed.HOP_TEST_CLOCK === "on",
    contactsPerPagePerHour: parsed.CONTACTS_PER_PAGE_PER_HOUR,
    workarounds: Object.fromEntries(Object.entries(WORKAROUNDS).map(([name, key]) => [key, parsed[name as keyof typeof WORKAROUNDS] === "on"])) as Record<Workaround, boolean>,
  };
}

/** Whether a workaround is switched on (HOP_WORKAROUND_<NAME>=off turns it off). */
export function workaroundOn(name: Workaround): boolean {
  return config().workarounds[name];
}

/** A tunable's value (validated with the rest of the configuration). */
export function tunable(name: keyof Config["tunables"]): number {
  return config().tunables[name];
}

export function config(): Config {
  return shared("config", () => readConfig());
}
