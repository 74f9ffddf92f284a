import { Badge } from "@/components/ui/badge";

// The Team pages' cells: a person's name over their e-mail, and a membership's status.

/** On a phone a long e-mail may wrap, and only after its "@", never mid-word. */
export const breakableEmail = (email: string) => {
  const at = email.indexOf("@");
  return at < 0 ? email : <>{email.slice(0, at + 1)}<wbr />{email.slice(at + 1)}</>;
};

/** A person's name over their e-mail; without a name, the e-mail once. */
export function PersonName({ person }: { person: { name: string | null; email: string } }) {
  return person.name ? (
    <>
      <div className="cell-title">{person.name}</div>
      <div className="cell-sub">{breakableEmail(person.email)}</div>
    </>
  ) : (
    <div className="cell-title">{breakableEmail(person.email)}</div>
  );
}

export const statusBadge = (status: string) => (status === "active" ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Pending</Badge>);
