import { cookies } from "next/headers";
import { db } from "../db/open";
import { currentAccount, requireAccount } from "./current-account";
import type { SessionAccount } from "../accounts/credentials";
import { pageRead } from "./page-failure";
import { resolveWorkspace, WORKSPACE_COOKIE } from "./workspace-choice";

/** Whose items the dashboard shows and changes; `account` is always the signed-in one. */
export interface Workspace { account: SessionAccount; ownerId: string; ownerEmail: string; role: "owner" | "admin" | "editor" | "viewer"; readOnly: boolean }

/** The page's signed-in account and the workspace it selected (its own when the choice is no longer valid). */
export async function requireWorkspace(): Promise<Workspace> {
  return workspaceOf(await requireAccount());
}

/** Like requireWorkspace, but null when signed out: for `/`, which shows the landing page then. */
export async function currentWorkspace(): Promise<Workspace | null> {
  const account = await currentAccount();
  return account ? workspaceOf(account) : null;
}

async function workspaceOf(account: SessionAccount): Promise<Workspace> {
  const jar = await cookies();
  return pageRead("workspace", async () => resolveWorkspace(await db(), account, jar.get(WORKSPACE_COOKIE)?.value));
}
