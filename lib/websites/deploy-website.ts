import type { Db } from "../db/open";
import { hostingProvider } from "../hosting/hosting";
import { errorFields, log } from "../log";

const DEPLOY_WAIT_MS = Number(process.env.HOSTING_DEPLOY_WAIT_MS ?? 5000);

/** deployToHosting: ask the hosting hook to deploy the domain; "pending" when it takes longer than the wait. */
export async function deployWebsite(db: Db, linkId: string, domain: string): Promise<{ status: "ready" | "pending" | "failed" }> {
  let timer: NodeJS.Timeout | undefined;
  const deploy = hostingProvider()
    .deploy(domain)
    .then(() => "ready" as const)
    .catch((error: unknown) => {
      log.warn("deploy failed", { domain, ...errorFields(error) });
      return "failed" as const;
    });
  const status = await Promise.race([deploy, new Promise<"pending">((resolve) => (timer = setTimeout(() => resolve("pending"), DEPLOY_WAIT_MS)))]);
  clearTimeout(timer);
  await db.link.update({ where: { id: linkId }, data: { deploymentStatus: status } });
  if (status === "pending") void deploy.then((final) => db.link.update({ where: { id: linkId }, data: { deploymentStatus: final } }).catch(() => undefined));
  return { status };
}
