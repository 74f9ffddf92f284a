import { tunable } from "../config";
import { announce } from "../cache/invalidation";
import { errorFields, log } from "../log";
import { shared } from "../shared";

// The hosting hook: how a custom domain's pages reach visitors. Self-hosted Hop serves every
// verified domain itself, so deploying or redeploying a domain means purging the app's caches for
// it. Another provider (a CDN, a static host) plugs in with setHostingProvider().

export interface HostingProvider {
  name: string;
  deploy(domain: string): Promise<void>;
  redeploy(domain: string): Promise<void>;
}

export const selfHosted: HostingProvider = {
  name: "self-hosted",
  deploy: async (domain) => announce({ kind: "domain", domain }),
  redeploy: async (domain) => announce({ kind: "domain", domain }),
};

export function hostingProvider(): HostingProvider {
  return shared("hostingProvider", () => ({ current: selfHosted })).current;
}

export function setHostingProvider(provider: HostingProvider): void {
  shared("hostingProvider", () => ({ current: selfHosted })).current = provider;
}

export type RedeployReason = "timed_out" | "not_started" | "failed";

export interface RedeployOptions {
  /** Total time for all redeploys; unfinished ones are reported, not awaited. */
  budgetMs?: number;
  concurrency?: number;
}

export function redeployDefaults(): Required<RedeployOptions> {
  return {
    budgetMs: tunable("HOSTING_REDEPLOY_BUDGET_MS"),
    concurrency: tunable("HOSTING_REDEPLOY_CONCURRENCY"),
  };
}

/** Redeploys each domain once, a few at a time, within the budget; returns those not confirmed. */
export async function redeployDomains(
  domains: string[],
  options: RedeployOptions = {},
): Promise<Array<{ domain: string; reason: RedeployReason }>> {
  const { budgetMs, concurrency } = { ...redeployDefaults(), ...options };
  const provider = hostingProvider();
  const queue = [...new Set(domains)];
  const status = new Map<string, "pending" | "running" | "done" | "failed">(queue.map((d) => [d, "pending"]));
  const deadline = Date.now() + budgetMs;
  const worker = async () => {
    while (queue.length && Date.now() < deadline) {
      const domain = queue.shift()!;
      status.set(domain, "running");
      try {
        await provider.redeploy(domain);
        status.set(domain, "done");
      } catch (error) {
        status.set(domain, "failed");
        log.warn("redeploy failed", { domain, provider: provider.name, ...errorFields(error) });
      }
    }
  };
  const workers = Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([workers, new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, budgetMs))))]);
  clearTimeout(timer);
  const reasons: Record<string, RedeployReason> = { pending: "not_started", running: "timed_out", failed: "failed" };
  return [...status.entries()].filter(([, s]) => s !== "done").map(([domain, s]) => ({ domain, reason: reasons[s] }));
}

export type DeploymentStatus = "ready" | "pending" | "failed";

/**
 * For website publish with `deployToHosting`: deploy one domain and answer
 * `deployment.status` — ready when confirmed within the budget, pending when still running
 * (it keeps going in the background), failed when the provider threw.
 */
export async function deployDomain(domain: string, budgetMs = redeployDefaults().budgetMs): Promise<DeploymentStatus> {
  const provider = hostingProvider();
  const deployment = provider.deploy(domain).then(
    () => "ready" as const,
    (error: unknown) => {
      log.warn("deploy failed", { domain, provider: provider.name, ...errorFields(error) });
      return "failed" as const;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const pending = new Promise<"pending">((resolve) => (timer = setTimeout(() => resolve("pending"), Math.max(0, budgetMs))));
  const status = await Promise.race([deployment, pending]);
  clearTimeout(timer);
  return status;
}
