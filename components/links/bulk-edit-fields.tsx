"use client";

import type { ReactNode } from "react";
import { UTM_FIELDS, type BulkEditState, type EditField } from "./bulk-edit-model";

type Groups = Array<{ id: string; name: string }>;
type Problem = { field: EditField; message: string } | null;

/** What to change: each part starts at "leave as it is"; choosing another option shows its inputs. */
export function BulkEditFields({ state, set, groups, problem, disabled }: {
  state: BulkEditState;
  set: (patch: Partial<BulkEditState>) => void;
  groups: Groups;
  problem: Problem;
  disabled: boolean;
}) {
  const invalid = (field: EditField) => (problem?.field === field ? { "aria-invalid": true as const, "aria-describedby": "bulk-edit-problem" } : {});
  const error = (field: EditField) => (problem?.field === field ? <p className="field-error" id="bulk-edit-problem">{problem.message}</p> : null);
  return (
    <fieldset className="bulk-edit-changes" disabled={disabled}>
      <legend className="field-label">What to change</legend>
      <Choice id="bulk-tags" label="Tags" value={state.tags} onChange={(tags) => set({ tags: tags as BulkEditState["tags"] })} options={[["keep", "Leave as they are"], ["replace", "Replace with…"], ["clear", "Remove every tag"]]}>
        {state.tags === "replace" ? (
          <>
            <label className="visually-hidden" htmlFor="bulk-tag-list">New tags, separated by commas</label>
            <input id="bulk-tag-list" className="input" placeholder="spring, sale" value={state.tagList} onChange={(event) => set({ tagList: event.target.value })} {...invalid("tagList")} />
            <p className="field-hint">Each link gets exactly these tags; its other tags are removed.</p>
            {error("tagList")}
          </>
        ) : null}
      </Choice>
      <Choice id="bulk-edit-group" label="Group" value={state.group} onChange={(group) => set({ group })} options={[["keep", "Leave as it is"], ["none", "No group"], ...groups.map((g): [string, string] => [g.id, g.name])]} />
      <Choice id="bulk-status" label="Status" value={state.status} onChange={(status) => set({ status: status as BulkEditState["status"] })} options={[["keep", "Leave as it is"], ["active", "Active"], ["paused", "Paused (visitors get “not found”)"]]} />
      <Choice id="bulk-expiry" label="Expiry" value={state.expiry} onChange={(expiry) => set({ expiry: expiry as BulkEditState["expiry"] })} options={[["keep", "Leave as it is"], ["set", "Expire on…"], ["clear", "Remove the expiry"]]}>
        {state.expiry === "set" ? (
          <>
            <label className="visually-hidden" htmlFor="bulk-expires-at">Expiry date and time</label>
            <input id="bulk-expires-at" className="input" type="datetime-local" value={state.expiresAt} onChange={(event) => set({ expiresAt: event.target.value })} {...invalid("expiresAt")} />
            {error("expiresAt")}
          </>
        ) : null}
      </Choice>
      <Choice id="bulk-rewrite" label="Destination" value={state.rewrite} onChange={(rewrite) => set({ rewrite: rewrite as BulkEditState["rewrite"] })} options={[["keep", "Leave as it is"], ["host", "Replace the host"], ["prefix", "Replace the start of the address"]]} wide>
        {state.rewrite === "keep" ? null : (
          <div className="bulk-edit-rewrite">
            <div className="field">
              <label className="field-label" htmlFor="bulk-from">{state.rewrite === "host" ? "Host now" : "Addresses starting with"}</label>
              <input id="bulk-from" className="input" placeholder={state.rewrite === "host" ? "old-shop.com" : "https://old-shop.com/sale/"} value={state.from} onChange={(event) => set({ from: event.target.value })} {...invalid("from")} />
            </div>
            <span className="bulk-edit-arrow" aria-hidden="true">→</span>
            <div className="field">
              <label className="field-label" htmlFor="bulk-to">{state.rewrite === "host" ? "New host" : "Start with instead"}</label>
              <input id="bulk-to" className="input" placeholder={state.rewrite === "host" ? "shop.com" : "https://shop.com/offers/"} value={state.to} onChange={(event) => set({ to: event.target.value })} {...invalid("to")} />
            </div>
            {error("from") ?? error("to")}
            <p className="field-hint">
              {state.rewrite === "host" ? "Only destinations on exactly this host change; their paths and queries stay." : "Letter case counts. The rest of each address stays."}
            </p>
          </div>
        )}
      </Choice>
      <fieldset className="bulk-edit-utm">
        <legend className="field-label">UTM parameters</legend>
        <p className="field-hint">Set on every destination. Empty boxes leave that parameter as it is.</p>
        <div className="bulk-edit-utm-grid">
          {UTM_FIELDS.map(([name, label]) => (
            <div className="field" key={name}>
              <label className="field-label" htmlFor={`bulk-utm-${name}`}>{label}</label>
              <input id={`bulk-utm-${name}`} className="input" placeholder={`utm_${name}`} value={state.utm[name]} onChange={(event) => set({ utm: { ...state.utm, [name]: event.target.value } })} />
            </div>
          ))}
        </div>
      </fieldset>
    </fieldset>
  );
}

function Choice({ id, label, value, onChange, options, children, wide = false }: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<[string, string]>;
  children?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? "field bulk-edit-wide" : "field"}>
      <label className="field-label" htmlFor={id}>{label}</label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, text]) => <option key={optionValue} value={optionValue}>{text}</option>)}
      </select>
      {children}
    </div>
  );
}
