"use client";

import { withHttpsScheme } from "@/lib/links/http-url";
import { VARIANT_COUNT } from "@/lib/links/variant-count";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/field";
import { newKey, variantWeightSum, type VariantState } from "./link-form-model";

// The link form's A/B test (docs/links.md "A/B tests"): 2–4 destinations, each with its share of
// visitors in percent; the shares add up to 100. Saved with the rest of the form.

export function VariantsEditor({ variants, destination, onChange, errorOf, disabled }: {
  variants: VariantState[]; destination: string; onChange: (variants: VariantState[]) => void; errorOf: (field: string) => string | undefined; disabled: boolean;
}) {
  const update = (index: number, patch: Partial<VariantState>) => onChange(variants.map((variant, i) => (i === index ? { ...variant, ...patch } : variant)));
  const sum = variantWeightSum(variants);
  const listError = errorOf("variants");
  if (!variants.length) {
    return (
      <div className="rules">
        <p className="field-hint">No test: every visitor goes to the destination.</p>
        <Button id="variant-add" size="sm" variant="secondary" disabled={disabled} onClick={() => onChange([{ key: newKey(), url: destination, weight: "50" }, { key: newKey(), url: "", weight: "50" }])}>
          Start an A/B test
        </Button>
      </div>
    );
  }
  return (
    <div className="rules">
      {variants.map((variant, index) => (
        <fieldset className="rule variant-row" key={variant.key}>
          <legend>Destination {String.fromCharCode(65 + index)}</legend>
          <div className="variant-grid">
            <Field id={`variant-${index}-url`} label="URL" error={errorOf(`variants[${index}].url`)}>
              <Input id={`variant-${index}-url`} type="url" value={variant.url} placeholder="https://" disabled={disabled} error={errorOf(`variants[${index}].url`)} onChange={(event) => update(index, { url: event.target.value })} onBlur={() => update(index, { url: withHttpsScheme(variant.url) })} />
            </Field>
            <Field id={`variant-${index}-weight`} label="Share (%)" error={errorOf(`variants[${index}].weight`)}>
              <Input id={`variant-${index}-weight`} inputMode="numeric" autoComplete="off" value={variant.weight} disabled={disabled} error={errorOf(`variants[${index}].weight`)} onChange={(event) => update(index, { weight: event.target.value })} />
            </Field>
            <div className="variant-remove">
              <Button size="sm" variant="danger-outline" disabled={disabled} onClick={() => onChange(variants.filter((_, i) => i !== index))} aria-label={`Remove destination ${String.fromCharCode(65 + index)}`}>
                Remove
              </Button>
            </div>
          </div>
        </fieldset>
      ))}
      <div className="variant-footer">
        <p className={`variant-sum ${sum === 100 ? "is-ok" : "is-off"}`} aria-live="polite" id="variant-sum">
          Total <strong>{sum} %</strong> {sum === 100 ? "✓" : "— the shares must add up to 100 %"}
        </p>
        <Button id="variant-add" size="sm" variant="secondary" disabled={disabled || variants.length >= VARIANT_COUNT.max} onClick={() => onChange([...variants, { key: newKey(), url: "", weight: "" }])}>
          Add destination
        </Button>
      </div>
      {listError ? (
        <p className="field-error" role="alert">
          {listError}
        </p>
      ) : null}
    </div>
  );
}
