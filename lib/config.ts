import path from "node:path";
import { z } from "zod";
import { PlanName } from "./accounts/plans";
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
    .transform((value) => value === "true" || value === "1"),
  API_KEY_PREFIX: z.string().regex(/^[a-z0-9]{1,16}$/).default("hop"),
  AUTH_SECRET: z.string().optional(),
  BLOCKED_DESTINATION_HOSTS: list,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  SIGNUP: z.enum(["open", "closed"]).default("open"),
  DEFAULT_PLAN: PlanName.default("free"),
  /** smtp(s)://user:pass@host:port; unset = no e-mail is sent (links are only shown). */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, "SMTP_URL must be an smtp:// or smtps:// URL").optional(),
  MAIL_FROM: z.string().optional(),
});

export type Config = ReturnType<typeof readConfig>;

function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
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
    trustProxy: parsed.TRUST_PROXY,
    apiKeyPrefix: parsed.API_KEY_PREFIX,
    authSecret: parsed.AUTH_SECRET,
    blockedDestinationHosts: parsed.BLOCKED_DESTINATION_HOSTS,
    port: parsed.PORT,
    host: parsed.HOST,
    signup: parsed.SIGNUP,
    defaultPlan: parsed.DEFAULT_PLAN,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM ?? `Hop <hop@${appUrl.hostname}>`,
  };
}

export function config(): Config {
  return shared("config", () => readConfig());
}
