import { tunable } from "../config";
import type { Db } from "../db/open";
import { deployDomain, type DeploymentStatus } from "../hosting/hosting";

const DEPLOY_WAIT_MS = tunable("HOSTING_DEPLOY_WAIT_MS");

/** deployToHosting: deploy the page's domain through the hosting hook and keep the status on the page. */
export async function deployWebsite(db: Db, linkId: string, domain: string): Promise<{ status: DeploymentStatus }> {
  const status = await deployDomain(domain, DEPLOY_WAIT_MS);
  await db.link.update({ where: { id: linkId }, data: { deploymentStatus: status } });
  return { status };
}
