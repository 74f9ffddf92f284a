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

/**
 * A service's URL (DATABASE_URL, REDIS_URL, SMTP_URL): one of `schemes`, and a URL Node can parse
 * (a port that is not a number is refused here, not by the client library's logs later).
 */
function serviceUrl(schemes: string[]) {
  const message = `must be a ${schemes.map((scheme) => `${scheme}://`).join(" or ")} URL`;
  return z
    .string()
    .refine((value) => {
      const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
      if (!scheme || !schemes.includes(scheme) || /\s/.test(value)) return false;
      try {
        return Boolean(new URL(value).hostname || scheme.startsWith("postgres"));
      } catch {
        return false;
      }
    }, message)
    .optional();
}

/** One OpenID Connect provider; its id names its routes (`/api/auth/callback/<id>`) and its stored sign-ins. */
const OidcProvider = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, "id must be 1-32 lowercase letters, digits or dashes"),
  name: z.string().trim().min(1).max(60),
  issuer: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/$/, "")),
  clientId: z.string().min(1).max(500),
  clientSecret: z.string().min(1).max(2000),
});

export type OidcProviderConfig = z.infer<typeof OidcProvider>;

const oidcProviders = z
  .string()
  .optional()
  .transform((text, ctx): OidcProviderConfig[] => {
    if (!text) return [];
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a JSON array of { id, name, issuer, clientId, clientSecret }" });
      return z.NEVER;
    }
    const result = z.array(OidcProvider).max(20).safeParse(value);
    if (!result.success) {
      const issue = result.error.issues[0];
      ctx.addIssue({ code: "custom", message: `${issue.path.join(".") || "value"}: ${issue.message}` });
      return z.NEVER;
    }
    const ids = result.data.map((provider) => provider.id);
    const twice = ids.find((id, index) => ids.indexOf(id) !== index);
    // "credentials" is the password sign-in's own route.
    if (twice || ids.includes("credentials")) {
      ctx.addIssue({ code: "custom", message: `provider id "${twice ?? "credentials"}" is ${twice ? "used twice" : "reserved"}` });
      return z.NEVER;
    }
    return result.data;
  });

/** Variables whose value is a secret, or a URL that may carry one: never echoed whole in an error. */
const SECRET_VALUES = new Set(["AUTH_SECRET", "METRICS_TOKEN", "OIDC_PROVIDERS"]);
const URL_VALUES = new Set(["DATABASE_URL", "REDIS_URL", "SMTP_URL"]);

/** The value as an error may show it: a secret hidden, a URL's user and password masked. */
export function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return '""';
  if (SECRET_VALUES.has(name)) return `(hidden, ${value.length} characters)`;
  if (URL_VALUES.has(name)) return JSON.stringify(maskCredentials(value));
  return JSON.stringify(value);
}

/** A URL-like text with everything between its scheme and its last `@` replaced by `***` (a refused value may be malformed anywhere). */
export function maskCredentials(text: string): string {
  const at = text.lastIndexOf("@");
  if (at === -1) return text;
  const scheme = /^[a-z][a-z0-9+.-]*:\/*/i.exec(text)?.[0] ?? "";
  return `${scheme}***${text.slice(at)}`;
}

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
  /** Seconds a cached visitor answer may be served past its TTL while the database is unreachable (0: never). */
  LINK_STALE_MAX: count(24 * 60 * 60, 0),
  /** Hottest links kept on disk for a start during an outage (DATA_DIR/link-snapshot; 0: none). */
  LINK_SNAPSHOT_MAX: count(5000, 0),
  /** Seconds between the outage log's summaries while a dependency is down. */
  OUTAGE_LOG_INTERVAL: count(60),
  // Prisma's pool on PostgreSQL; a process opens 6 more (docs/architecture.md, "Database connections").
  HOP_DB_POOL_SIZE: count(10),
  /** How long a request waits for a busy pool's connection before its 503 (docs/architecture.md, "Database connections"). */
  HOP_DB_POOL_WAIT_MS: count(15_000),
  HOP_LIMIT_KEYS_MAX: count(100_000),
  /** How long a click-capped link's leased slots stay with this instance before the unused go back to Redis (lib/visit/click-cap.ts). */
  CLICK_CAP_LEASE_MS: count(250, 10),
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
  WEBHOOK_DEADLINE_MS: count(15_000),
  WEBHOOK_LEASE_MS: count(60_000, 300),
  WEBHOOK_CLICKS_PER_MINUTE: count(600),
  /** How often the instance holding the link-health lease looks for links due a check (docs/link-health.md). */
  LINK_HEALTH_SWEEP_MS: count(60_000, 100),
  /** Checks of one account's links on one destination host in any minute. */
  LINK_HEALTH_PER_HOST_PER_MINUTE: count(10),
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

// Workarounds of Node's or Next's internals (docs/decisions/012-node-and-next-workarounds.md): each is on unless its variable says off, and each checks at start that the
// internals it relies on still look as it expects, falling back to plain behaviour when not.
const WORKAROUNDS = {
  HOP_WORKAROUND_TICK_OBJECT: "tickObject",
  HOP_WORKAROUND_PREPARED_RESPONSE: "preparedResponse",
  HOP_WORKAROUND_METHOD_REWRITE: "methodRewrite",
  HOP_WORKAROUND_REQUEST_HOOK: "requestHook",
  HOP_WORKAROUND_EXIT_HOOK: "exitHook",
} as const;

export type Workaround = (typeof WORKAROUNDS)[keyof typeof WORKAROUNDS];

/** Switches that were renamed: one set under its former name stops the start with the new name, never silently ignored. */
const FORMER_WORKAROUND_NAMES: Record<string, keyof typeof WORKAROUNDS> = {
  HOP_WORKAROUND_TICK_SHAPE: "HOP_WORKAROUND_TICK_OBJECT",
  HOP_WORKAROUND_KEPT_WIRE: "HOP_WORKAROUND_PREPARED_RESPONSE",
  HOP_WORKAROUND_REQUEST_STAMP: "HOP_WORKAROUND_REQUEST_HOOK",
};

/** A HOP_WORKAROUND_ variable that is no switch (a typo, a former name): an off-switch that does nothing would be worse than a refused start. */
function unknownWorkarounds(env: Record<string, string | undefined>): string[] {
  return Object.keys(env)
    .filter((name) => name.startsWith("HOP_WORKAROUND_") && !(name in WORKAROUNDS))
    .map((name) =>
      FORMER_WORKAROUND_NAMES[name]
        ? `${name}: renamed ${FORMER_WORKAROUND_NAMES[name]}`
        : `${name}: no such workaround switch (the switches: ${Object.keys(WORKAROUNDS).join(", ")})`,
    );
}

const onOff = z.enum(["on", "off"]).default("on");

const EnvSchema = z.object({
  ...TUNABLES,
  ...(Object.fromEntries(Object.keys(WORKAROUNDS).map((name) => [name, onOff])) as Record<keyof typeof WORKAROUNDS, typeof onOff>),
  APP_URL: z.string().url().optional(),
  PRIMARY_DOMAIN: z.string().optional(),
  SHORT_LINK_SCHEME: z.enum(["http", "https"]).optional(),
  SYSTEM_DOMAINS: list,
  PREMIUM_SYSTEM_DOMAINS: list,
  DATABASE_URL: serviceUrl(["postgres", "postgresql"]),
  DATA_DIR: z.string().default("./.data"),
  REDIS_URL: serviceUrl(["redis", "rediss"]),
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
  // A short secret signs sessions and link passes that can be forged by guessing it.
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters (openssl rand -base64 32 makes one)").optional(),
  /** Lets a scraper elsewhere read /metrics with `Authorization: Bearer <token>` (loopback needs none). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** The metrics listener's port (unset: no metrics listener; 0: a free port, printed at start). */
  METRICS_PORT: z.string().regex(/^\d{1,5}$/, "must be a port number").transform(Number).pipe(z.number().max(65535, "must be a port number")).optional(),
  /** The metrics listener's interface; anything but loopback needs METRICS_TOKEN. */
  METRICS_HOST: z.string().default("127.0.0.1"),
  BLOCKED_DESTINATION_HOSTS: list,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** open: anyone; oidc-only: only through a single sign-on provider; closed: nobody after the first account. */
  SIGNUP: z.enum(["open", "oidc-only", "closed"]).default("open"),
  /** OpenID Connect providers (docs/operations.md): a JSON array of { id, name, issuer, clientId, clientSecret }. */
  OIDC_PROVIDERS: oidcProviders,
  /** A first single sign-on with the address of an existing account: `password` asks for its password, `auto` links at once. */
  OIDC_LINK_EXISTING: z.enum(["password", "auto"]).default("password"),
  /** Contact-form submissions a page stores in any hour, from all its visitors together; new sign-ups are capped the same, counted apart. */
  CONTACTS_PER_PAGE_PER_HOUR: count(1000),
  /** Days an audit-log entry is kept (swept daily). */
  AUDIT_RETENTION_DAYS: count(365),
  DEFAULT_PLAN: PlanName.default("free"),
  /** smtp(s)://user:pass@host:port; unset = no e-mail is sent (links are only shown) and every account counts as confirmed. */
  SMTP_URL: serviceUrl(["smtp", "smtps"]),
  MAIL_FROM: z.string().optional(),
  /** Seconds between a webhook delivery's attempts, one per retry (docs/webhooks.md). */
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, "must be whole seconds separated by commas, like 5,300,1800")
    .default("5,300,1800,7200,18000,36000")
    .transform((text) => text.split(",").map((part) => Number(part.trim()))),
  /** true: webhooks may point at loopback, private and link-local addresses (tests, private networks). */
  WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false").transform((value) => value === "true"),
  /** Hours between two checks of a link's destination (docs/link-health.md); 0 turns the checks off. */
  LINK_HEALTH_INTERVAL_HOURS: z.coerce.number().finite().min(0, "must be 0 (off) or more").default(24),
  /** Tests only: lets the loopback admin endpoint set the API usage clock (lib/usage/clock.ts). */
  HOP_TEST_CLOCK: z.enum(["on", "off"]).default("off"),
  /** bcrypt cost of new account and link passwords (each step doubles the work). */
  BCRYPT_COST: z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().min(10, "must be at least 10 (a lower cost is for tests only: HOP_TEST_BCRYPT_COST)").max(14, "must be at most 14"))
    .optional()
    .transform((value) => value ?? 10),
  /** Tests only: a cost below the floor, so that a test run's sign-ups and sign-ins cost little. */
  HOP_TEST_BCRYPT_COST: z.string().regex(/^[4-9]$/, "must be a whole number from 4 to 9 (tests only; BCRYPT_COST sets a real cost)").transform(Number).optional(),
});

export type Config = ReturnType<typeof readConfig>;

function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

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
        return `${name}=${shownValue(name, given[name])}: ${issue.message}`;
      }),
    );
  }
  const unknown = unknownWorkarounds(given);
  if (unknown.length > 0) throw new ConfigError(unknown);
  const parsed = result.data;
  if (parsed.METRICS_PORT !== undefined && !parsed.METRICS_TOKEN && !isLoopbackHost(parsed.METRICS_HOST)) {
    throw new ConfigError([`METRICS_HOST=${JSON.stringify(parsed.METRICS_HOST)}: a metrics listener beyond loopback needs METRICS_TOKEN`]);
  }
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
    metricsPort: parsed.METRICS_PORT,
    metricsHost: parsed.METRICS_HOST,
    blockedDestinationHosts: parsed.BLOCKED_DESTINATION_HOSTS,
    port: parsed.PORT,
    host: parsed.HOST,
    signup: parsed.SIGNUP,
    oidcProviders: parsed.OIDC_PROVIDERS,
    oidcLinkExisting: parsed.OIDC_LINK_EXISTING,
    webhookRetryDelaysS: parsed.WEBHOOK_RETRY_DELAYS,
    webhookAllowPrivate: parsed.WEBHOOK_ALLOW_PRIVATE,
    linkHealthIntervalMs: Math.round(parsed.LINK_HEALTH_INTERVAL_HOURS * 3_600_000),
    defaultPlan: parsed.DEFAULT_PLAN,
    tunables: Object.fromEntries(Object.keys(TUNABLES).map((name) => [name, parsed[name as keyof typeof TUNABLES]])) as Record<keyof typeof TUNABLES, number>,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM ?? `Hop <hop@${appUrl.hostname}>`,
    testClock: parsed.HOP_TEST_CLOCK === "on",
    bcryptCost: parsed.HOP_TEST_BCRYPT_COST ?? parsed.BCRYPT_COST,
    contactsPerPagePerHour: parsed.CONTACTS_PER_PAGE_PER_HOUR,
    auditRetentionDays: parsed.AUDIT_RETENTION_DAYS,
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
