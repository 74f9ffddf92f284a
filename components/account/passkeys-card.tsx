import { formatDate, formatRelative } from "../dashboard/format";
import { Card, CardBody, CardHeader } from "../ui/card";
import { Table } from "../ui/table";
import type { ListedPasskey } from "@/lib/accounts/passkeys";
import { AddPasskey, RemovePasskey, RenamePasskey } from "./passkeys";
import "./passkeys.css";

// The account page's Passkeys card (server component): the list, or what a passkey is when there
// is none, and the controls (components/account/passkeys.tsx).

export function PasskeysCard({ passkeys, twoFactorOn }: { passkeys: ListedPasskey[]; twoFactorOn: boolean }) {
  return (
    <Card labelledBy="passkeys">
      <CardHeader
        id="passkeys"
        title="Passkeys"
        description="Sign in with your fingerprint, face or device PIN instead of a password. The key stays on your device; Hop keeps only its public half."
        action={passkeys.length > 0 ? <AddPasskey /> : null}
      />
      {passkeys.length === 0 ? (
        <CardBody>
          <div className="passkey-empty">
            <p className="field-hint">No passkeys yet. Add one from this device, or from a phone or security key when your browser offers it.</p>
            <AddPasskey label="Add your first passkey" />
          </div>
        </CardBody>
      ) : (
        <>
          <Table
            caption="Passkeys of this account"
            className="passkeys-table"
            head={
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="hide-sm">Added</th>
                <th scope="col" className="hide-sm">Last used</th>
                <th scope="col" className="actions"><span className="visually-hidden">Actions</span></th>
              </tr>
            }
          >
            {passkeys.map((passkey) => (
              <tr key={passkey.id} data-passkey-id={passkey.id}>
                <td>
                  <div className="cell-title">{passkey.name}</div>
                  <div className="cell-sub show-sm">
                    Added {formatDate(passkey.createdAt)} · {passkey.lastUsedAt ? `used ${formatRelative(passkey.lastUsedAt).toLowerCase()}` : "not used yet"}
                  </div>
                </td>
                <td className="hide-sm">{formatDate(passkey.createdAt)}</td>
                <td className="hide-sm">{passkey.lastUsedAt ? formatRelative(passkey.lastUsedAt) : "Not yet"}</td>
                <td className="actions">
                  <div className="inline-actions">
                    <RenamePasskey id={passkey.id} name={passkey.name} />
                    <RemovePasskey id={passkey.id} name={passkey.name} />
                  </div>
                </td>
              </tr>
            ))}
          </Table>
          <CardBody>
            <p className="field-hint">
              {twoFactorOn
                ? "A passkey signs in on its own, and after your password it can stand in for the code from your authenticator app."
                : "On the sign-in page choose “Sign in with a passkey”. With two-factor sign-in on, a passkey can also stand in for the code."}
            </p>
          </CardBody>
        </>
      )}
    </Card>
  );
}
