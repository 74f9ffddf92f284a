"use client";

import { withHttpsScheme } from "@/lib/links/http-url";
import { Button } from "../ui/button";
import { CountryPicker, type Country } from "./country-picker";
import { Field, Input } from "../ui/field";
import { newKey, type GeoRuleState, type LanguageRuleState } from "./link-form-model";

type ErrorOf = (field: string) => string | undefined;

function move<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

function RuleControls({ index, count, label, onMove, onRemove, disabled }: { index: number; count: number; label: string; onMove: (to: number) => void; onRemove: () => void; disabled: boolean }) {
  return (
    <div className="rule-controls">
      <Button size="sm" variant="ghost" disabled={disabled || index === 0} onClick={() => onMove(index - 1)} aria-label={`Move ${label} up`}>
        ↑
      </Button>
      <Button size="sm" variant="ghost" disabled={disabled || index === count - 1} onClick={() => onMove(index + 1)} aria-label={`Move ${label} down`}>
        ↓
      </Button>
      <Button size="sm" variant="danger-outline" disabled={disabled} onClick={onRemove} aria-label={`Remove ${label}`}>
        Remove
      </Button>
    </div>
  );
}

function TextField({ id, label, value, onChange, onBlur, error, hint, disabled, placeholder, type = "text", autoFocus }: {
  id: string; label: string; value: string; onChange: (value: string) => void; onBlur?: () => void; error?: string; hint?: string; disabled: boolean; placeholder?: string; type?: string; autoFocus?: boolean;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input id={id} type={type} value={value} placeholder={placeholder} disabled={disabled} error={error} hint={Boolean(hint)} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} autoFocus={autoFocus} />
    </Field>
  );
}

export { TextField };

export function GeoRulesEditor({ rules, onChange, presets, countries, errorOf, disabled }: {
  rules: GeoRuleState[]; onChange: (rules: GeoRuleState[]) => void; presets: Array<{ id: string; name: string }>; countries: Country[]; errorOf: ErrorOf; disabled: boolean;
}) {
  const update = (index: number, patch: Partial<GeoRuleState>) => onChange(rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));
  return (
    <div className="rules">
      {rules.length === 0 ? <p className="field-hint">No geo rules: every country goes to the destination.</p> : null}
      {rules.map((rule, index) => {
        const label = `geo rule ${index + 1}`;
        const base = `geoRules[${index}]`;
        return (
          <fieldset className="rule" key={rule.key}>
            <legend>Geo rule {index + 1}</legend>
            {errorOf(base) ? <p className="field-error" role="alert">{errorOf(base)}</p> : null}
            <div className="rule-grid">
              <div className="rule-wide">
                <CountryPicker id={`geo-${index}-countries`} countries={countries} value={rule.countries} onChange={(codes) => update(index, { countries: codes })} error={errorOf(`${base}.countries`)} disabled={disabled} />
              </div>
              <div className="field">
                <label className="field-label" htmlFor={`geo-${index}-preset`}>
                  Geo preset
                </label>
                <select id={`geo-${index}-preset`} className="select" value={rule.presetId} disabled={disabled} onChange={(event) => update(index, { presetId: event.target.value })}>
                  <option value="">None</option>
                  {presets.map((preset) => (
                    <option key={preset.id} value={preset.id}>
                      {preset.name}
                    </option>
                  ))}
                </select>
                {errorOf(`${base}.presetId`) ? <p className="field-error" role="alert">{errorOf(`${base}.presetId`)}</p> : null}
              </div>
              <TextField id={`geo-${index}-cities`} label="Cities" value={rule.cities} onChange={(cities) => update(index, { cities })} error={errorOf(`${base}.cities`)} hint="Optional, comma-separated" disabled={disabled} />
              <TextField id={`geo-${index}-redirect`} label="Redirect URL" type="url" value={rule.redirectUrl} onChange={(redirectUrl) => update(index, { redirectUrl })} onBlur={() => update(index, { redirectUrl: withHttpsScheme(rule.redirectUrl) })} error={errorOf(`${base}.redirectUrl`)} placeholder="https://" disabled={disabled} />
            </div>
            <RuleControls index={index} count={rules.length} label={label} disabled={disabled} onMove={(to) => onChange(move(rules, index, to))} onRemove={() => onChange(rules.filter((_, i) => i !== index))} />
          </fieldset>
        );
      })}
      <Button size="sm" variant="secondary" disabled={disabled} onClick={() => onChange([...rules, { key: newKey(), countries: [], presetId: "", cities: "", redirectUrl: "" }])}>
        Add geo rule
      </Button>
    </div>
  );
}

export function LanguageRulesEditor({ rules, onChange, errorOf, disabled }: { rules: LanguageRuleState[]; onChange: (rules: LanguageRuleState[]) => void; errorOf: ErrorOf; disabled: boolean }) {
  const update = (index: number, patch: Partial<LanguageRuleState>) => onChange(rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));
  return (
    <div className="rules">
      {rules.length === 0 ? <p className="field-hint">No language rules.</p> : null}
      {rules.map((rule, index) => {
        const base = `languageRules[${index}]`;
        return (
          <fieldset className="rule" key={rule.key}>
            <legend>Language rule {index + 1}</legend>
            {errorOf(base) ? <p className="field-error" role="alert">{errorOf(base)}</p> : null}
            <div className="rule-grid">
              <TextField id={`lang-${index}-languages`} label="Languages" value={rule.languages} onChange={(languages) => update(index, { languages })} error={errorOf(`${base}.languages`)} hint="Tags, comma-separated: fr, pt-BR (fr-CA visitors match fr)" disabled={disabled} />
              <TextField id={`lang-${index}-redirect`} label="Redirect URL" type="url" value={rule.redirectUrl} onChange={(redirectUrl) => update(index, { redirectUrl })} onBlur={() => update(index, { redirectUrl: withHttpsScheme(rule.redirectUrl) })} error={errorOf(`${base}.redirectUrl`)} placeholder="https://" disabled={disabled} />
            </div>
            <RuleControls index={index} count={rules.length} label={`language rule ${index + 1}`} disabled={disabled} onMove={(to) => onChange(move(rules, index, to))} onRemove={() => onChange(rules.filter((_, i) => i !== index))} />
          </fieldset>
        );
      })}
      <Button size="sm" variant="secondary" disabled={disabled} onClick={() => onChange([...rules, { key: newKey(), languages: "", redirectUrl: "" }])}>
        Add language rule
      </Button>
    </div>
  );
}
