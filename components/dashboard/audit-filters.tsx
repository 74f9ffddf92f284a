import { Field, Input } from "../ui/field";

/** The audit log's filters: a plain GET form (works without script; Enter submits). */
export function AuditFiltersForm({ values }: { values: Record<string, string> }) {
  return (
    <form className="audit-filters" method="get" action="/account/audit-log" role="search" aria-label="Filter the audit log">
      <Field id="audit-actor" label="Who">
        <Input id="audit-actor" name="actor" defaultValue={values.actor} placeholder="E-mail or key" />
      </Field>
      <Field id="audit-action" label="Action">
        <Input id="audit-action" name="action" defaultValue={values.action} placeholder="link or link.created" />
      </Field>
      <Field id="audit-target" label="Target id">
        <Input id="audit-target" name="target" defaultValue={values.target} />
      </Field>
      <Field id="audit-from" label="From">
        <Input id="audit-from" name="from" type="date" defaultValue={values.from} />
      </Field>
      <Field id="audit-to" label="Before">
        <Input id="audit-to" name="to" type="date" defaultValue={values.to} />
      </Field>
      <div className="audit-filters-actions">
        <button type="submit" className="btn btn-secondary">
          Filter
        </button>
        <a className="btn btn-ghost" href="/account/audit-log">
          Clear
        </a>
      </div>
    </form>
  );
}
