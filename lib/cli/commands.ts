import { z } from "zod";
import { addTeamMember, TeamRole, TeamStatus } from "../accounts/add-team-member";
import { CreateAccountInput, createAccount, findAccountByEmailAcrossAccounts } from "../accounts/create-account";
import { PlanName } from "../accounts/plans";
import { setLimits, setPlan } from "../accounts/set-plan";
import { createResetLink } from "../accounts/password-reset";
import { resetTwoFactorAcrossAccounts } from "../accounts/two-factor";
import { parseOrThrow } from "../validation/parse";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { createKey } from "../keys/create-key";
import { ExpiresFlag, IdsFlag, ScopesFlag } from "../keys/key-options";
import type { Scope } from "../keys/scopes";
import { revokeKeyByIdAcrossAccounts } from "../keys/revoke-key";
import { forceVerifyDomainAcrossAccounts } from "../domains/force-verify-domain";
import { rebuildRollups } from "../analytics/rebuild-rollups";
import { operatorAnalyticsAcrossAccounts } from "../analytics/operator-analytics";
import { TIMEFRAMES } from "../analytics/timeframe";
import { apiKeyCacheStats } from "../keys/auth-cache";
import { visitCacheStats } from "../visit/link-cache";
import { uaCacheStats } from "../ua/classify";
import { geoCacheStats } from "../geoip/lookup";
import { writeBackup } from "../backup/write-backup";
import { restoreBackup } from "../backup/restore-backup";
import path from "node:path";
import { runAsActor } from "../audit/actor";

// The operator CLI (README, "Operator CLI"). The same function runs in the CLI process (opening the
// database itself) and inside the server (through the loopback admin endpoint), so both paths
// behave alike and share one validation.

const email = z.string().trim().min(1);
const limitValue = z
  .string()
  .transform((v, ctx) => {
    if (v === "null") return null;
    if (!/^\d+$/.test(v)) {
      ctx.addIssue({ code: "custom", message: "must be a non-negative integer or null" });
      return z.NEVER;
    }
    return Number(v);
  });
const count = z.string().regex(/^\d+$/, "must be a non-negative integer").transform(Number);
/** A switch given alone (`--force`): parseArgv gives it the value "true". */
const switchFlag = z.literal("true").optional().transform((v) => v === "true");
const filePath = z.string().trim().min(1, "needs a file path");

const COMMANDS = {
  "account create": {
    flags: z.object({ email: z.string(), password: z.string().optional(), plan: z.string().optional(), name: z.string().optional() }).strict(),
    run: (db: Db, f: { email: string; password?: string; plan?: string; name?: string }) =>
      createAccount(db, parseOrThrow(CreateAccountInput, f)),
  },
  "account set-plan": {
    flags: z.object({ email, plan: PlanName }).strict(),
    run: async (db: Db, f: { email: string; plan: PlanName }) => setPlan(db, (await findAccountByEmailAcrossAccounts(db, f.email)).id, f.plan),
  },
  "account set-limits": {
    flags: z
      .object({ email, total: limitValue.optional(), active: limitValue.optional(), hourly: count.optional(), daily: count.optional() })
      .strict(),
    run: async (db: Db, f: { email: string; total?: number | null; active?: number | null; hourly?: number; daily?: number }) => {
      const { email: address, ...overrides } = f;
      const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
      if (Object.keys(defined).length === 0) throw new HopError("missing_required_field", { message: "Give at least one of --total, --active, --hourly, --daily." });
      return setLimits(db, (await findAccountByEmailAcrossAccounts(db, address)).id, defined);
    },
  },
  // For a server without SMTP: the operator hands the one-time link (1 hour) to the account's owner.
  "account reset-password": {
    flags: z.object({ email }).strict(),
    run: async (db: Db, f: { email: string }) => {
      const account = await findAccountByEmailAcrossAccounts(db, f.email);
      const made = await createResetLink(db, account.email);
      if (!made) throw new HopError("not_found", { message: `No account '${f.email}'.` });
      return { email: made.email, link: made.link, expiresAt: made.expiresAt.toISOString() };
    },
  },
  // For someone who lost the authenticator app and the recovery codes: sign-in needs the password alone again.
  "account reset-2fa": {
    flags: z.object({ email }).strict(),
    run: async (db: Db, f: { email: string }) => resetTwoFactorAcrossAccounts(db, (await findAccountByEmailAcrossAccounts(db, f.email)).id),
  },
  "key create": {
    flags: z
      .object({
        email,
        name: z.string().min(1).max(100).default("CLI key"),
        role: z.enum(["full", "creator", "viewer", "legacy"]).optional(),
        scopes: ScopesFlag.optional(),
        groups: IdsFlag.optional(),
        domains: IdsFlag.optional(),
        expires: ExpiresFlag.optional(),
      })
      .strict()
      .refine((f) => !(f.role && f.scopes), { message: "Give --role (a preset) or --scopes, not both.", path: ["scopes"] }),
    run: async (db: Db, f: { email: string; name: string; role?: "full" | "creator" | "viewer" | "legacy"; scopes?: Scope[]; groups?: string[]; domains?: string[]; expires?: Date }) => {
      const account = await findAccountByEmailAcrossAccounts(db, f.email);
      const role = f.scopes ? "custom" : (f.role ?? "full");
      const key = await createKey(db, account.id, {
        name: f.name,
        role: role === "legacy" ? null : role,
        scopes: f.scopes,
        groupIds: f.groups,
        domains: f.domains,
        expiresAt: f.expires ?? null,
      });
      return { id: key.id, key: key.key, prefix: key.prefix, role: key.role, scopes: key.scopes, groupIds: key.groupIds, domains: key.domains, expiresAt: key.expiresAt?.toISOString() ?? null };
    },
  },
  "key revoke": {
    flags: z.object({ id: z.string().min(1) }).strict(),
    run: (db: Db, f: { id: string }) => revokeKeyByIdAcrossAccounts(db, f.id),
  },
  "team add": {
    flags: z.object({ owner: email, member: email, role: TeamRole, status: TeamStatus.default("active") }).strict(),
    run: async (db: Db, f: { owner: string; member: string; role: z.infer<typeof TeamRole>; status: z.infer<typeof TeamStatus> }) => {
      const owner = await findAccountByEmailAcrossAccounts(db, f.owner);
      const member = await findAccountByEmailAcrossAccounts(db, f.member);
      return addTeamMember(db, owner.id, { memberId: member.id, role: f.role, status: f.status });
    },
  },
  "analytics show": {
    flags: z.object({ identifier: z.string().min(1), timeframe: z.enum(TIMEFRAMES).optional(), from: z.string().optional(), to: z.string().optional() }).strict(),
    run: (db: Db, f: { identifier: string; timeframe?: (typeof TIMEFRAMES)[number]; from?: string; to?: string }) => {
      const { identifier, ...query } = f;
      return operatorAnalyticsAcrossAccounts(db, identifier, query);
    },
  },
  "analytics rebuild": {
    flags: z.object({ link: z.string().min(1).optional() }).strict(),
    run: async (db: Db, f: { link?: string }) => {
      if (!f.link) return rebuildRollups(db);
      const link = await db.link.findUnique({ where: { publicId: f.link }, select: { id: true } });
      if (!link) throw new HopError("link_not_found", { message: `No link '${f.link}'.` });
      return rebuildRollups(db, { linkId: link.id });
    },
  },
  "cache stats": {
    flags: z.object({}).strict(),
    // The caches of the process that runs it: the server's when sent through the admin endpoint.
    run: async () => ({ visit: visitCacheStats(), apiKeys: apiKeyCacheStats(), userAgents: uaCacheStats(), geo: geoCacheStats() }),
  },
  // Through the running server when there is one (PGlite allows one process per data directory).
  backup: {
    flags: z.object({ out: filePath, force: switchFlag }).strict(),
    run: (_db: Db, f: { out: string; force: boolean }) => writeBackup(f.out, { force: f.force }),
  },
  // Never through a server: scripts/cli.ts runs it with none on this DATA_DIR (runRestore below).
  restore: {
    flags: z.object({ in: filePath, force: switchFlag, "while-running": switchFlag }).strict(),
    run: async () => {
      throw new HopError("invalid_request", { message: "restore replaces the database: stop the server first, then run it again." });
    },
  },
  "domain force-verify": {
    flags: z.object({ domain: z.string().min(1) }).strict(),
    run: (db: Db, f: { domain: string }) => forceVerifyDomainAcrossAccounts(db, f.domain),
  },
} as const;

export type CommandName = keyof typeof COMMANDS;
export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

export function usage(): string {
  const shown: Partial<Record<CommandName, string>> = {
    "analytics show": "analytics <identifier> [--timeframe T | --from D --to D]",
    backup: "backup --out FILE [--force]",
    restore: "restore --in FILE [--force] [--while-running]",
  };
  const names = COMMAND_NAMES.map((c) => shown[c] ?? c);
  return `usage: npm run cli -- <command> [--flag value ...]\ncommands:\n${names.map((c) => `  ${c}`).join("\n")}`;
}

/** Splits `group verb --a 1 --b 2` into a command name and flags; rejects anything else. */
/** Commands of one word (the rest are `group verb`). */
const SINGLE_WORD = new Set<string>(["backup", "restore"]);
/** Flags that take no value. */
const SWITCHES = new Set<string>(["force", "while-running"]);
/** Flags naming a file: made absolute where the CLI runs, before the command may go to the server. */
const PATH_FLAGS = new Set<string>(["out", "in"]);

export function parseArgv(argv: string[]): { command: CommandName; flags: Record<string, string> } {
  // `analytics <identifier> [--timeframe …]` takes its identifier as a positional argument.
  if (argv[0] === "analytics" && argv[1] !== undefined && !["rebuild", "show"].includes(argv[1]) && !argv[1].startsWith("--")) {
    const rest = parseArgv(["analytics", "show", ...argv.slice(2)]);
    return { command: rest.command, flags: { identifier: argv[1], ...rest.flags } };
  }
  const single = SINGLE_WORD.has(argv[0] ?? "");
  const name = single ? argv[0] : `${argv[0] ?? ""} ${argv[1] ?? ""}`;
  if (!(name in COMMANDS)) throw new HopError("invalid_request", { message: `Unknown command '${name.trim()}'.\n${usage()}` });
  const flags: Record<string, string> = {};
  const rest = argv.slice(single ? 1 : 2);
  for (let i = 0; i < rest.length; i += 1) {
    const token = rest[i];
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(token);
    if (!match) throw new HopError("invalid_request", { message: `Unexpected argument '${token}'.` });
    if (SWITCHES.has(match[1]) && match[2] === undefined) {
      flags[match[1]] = "true";
      continue;
    }
    const value = match[2] ?? rest[i + 1];
    if (match[2] === undefined) i += 1;
    if (value === undefined) throw new HopError("invalid_request", { message: `--${match[1]} needs a value.`, field: match[1] });
    flags[match[1]] = value;
  }
  return { command: name as CommandName, flags };
}

export async function runCommand(db: Db, argv: string[]): Promise<unknown> {
  const { command, flags } = parseArgv(argv);
  const spec = COMMANDS[command];
  const parsed = parseOrThrow(spec.flags as z.ZodType, flags);
  // What a command changes is the operator's doing, through the CLI (the audit log's actor).
  return runAsActor({ type: "operator", via: "cli" }, () => (spec.run as (db: Db, flags: unknown) => Promise<unknown>)(db, parsed));
}

/** The argv with every file flag's value made absolute against this process's directory. */
export function withAbsolutePaths(argv: string[], cwd = process.cwd()): string[] {
  const out = [...argv];
  for (let i = 0; i < out.length; i += 1) {
    const match = /^--([a-z-]+)(=(.*))?$/.exec(out[i]);
    if (!match || !PATH_FLAGS.has(match[1])) continue;
    // An empty value stays empty (the command's schema refuses it), rather than naming this directory.
    if (match[2] !== undefined) out[i] = match[3].trim() ? `--${match[1]}=${path.resolve(cwd, match[3])}` : out[i];
    else if (out[i + 1]?.trim()) out[i + 1] = path.resolve(cwd, out[i + 1]);
  }
  return out;
}

/** `restore --in FILE [--force] [--while-running]`, in this process (no server may hold the data directory). */
export async function runRestore(argv: string[]): Promise<unknown> {
  const { command, flags } = parseArgv(argv);
  if (command !== "restore") throw new HopError("invalid_request", { message: "not a restore" });
  const parsed = parseOrThrow(COMMANDS.restore.flags, flags);
  return restoreBackup(parsed.in, { force: parsed.force, whileRunning: parsed["while-running"] });
}
