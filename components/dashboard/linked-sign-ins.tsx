import { listIdentities } from "@/lib/accounts/linked-identities";
import { oidcButtons, oidcProviderName } from "@/lib/auth/oidc-providers";
import { db } from "@/lib/db/open";
import { Card, CardBody, CardHeader } from "../ui/card";
import { Table } from "../ui/table";
import { formatDate, formatRelative } from "./format";
import { UnlinkSignIn } from "./unlink-sign-in";

/**
 * The account page's "Single sign-on" card: the providers linked to this account, each unlinked on
 * its own. Shown while the operator offers a provider, or while a link is left from one removed.
 */
export async function LinkedSignIns({ accountId }: { accountId: string }) {
  const providers = oidcButtons();
  const identities = await listIdentities(await db(), accountId);
  if (!providers.length && !identities.length) return null;
  const names = providers.map((provider) => provider.name).join(", ");
  return (
    <Card labelledBy="sign-ins">
      <CardHeader
        id="sign-ins"
        title="Single sign-on"
        description={identities.length ? "These providers sign you in to this account without its password." : `None linked. Sign out, then use "Sign in with …" on the sign-in page (${names}) to link one.`}
      />
      {identities.length ? (
        <Table
          caption="Linked sign-ins"
          head={
            <tr>
              <th scope="col">Provider</th>
              <th scope="col" className="hide-sm">Linked</th>
              <th scope="col" className="hide-sm">Last used</th>
              <th scope="col" className="actions"><span className="visually-hidden">Actions</span></th>
            </tr>
          }
        >
          {identities.map((identity) => (
            <tr key={identity.id} data-sign-in-id={identity.id}>
              <td>
                <div className="cell-title">{oidcProviderName(identity.provider)}</div>
                <div className="cell-sub">{identity.email}</div>
                <div className="cell-sub show-sm">Last used {formatRelative(identity.lastUsedAt).toLowerCase()}</div>
              </td>
              <td className="hide-sm">{formatDate(identity.createdAt)}</td>
              <td className="hide-sm">{formatRelative(identity.lastUsedAt)}</td>
              <td className="actions">
                <UnlinkSignIn id={identity.id} provider={oidcProviderName(identity.provider)} />
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
      <CardBody>
        <p className="field-hint">A single sign-on does not ask for your two-factor code: your provider checks you with its own sign-in.</p>
      </CardBody>
    </Card>
  );
}
