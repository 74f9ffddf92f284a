"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { IMPORT_FIELDS, type ColumnMap, type ImportField } from "@/lib/links/import-columns";
import { countOf } from "@/lib/text/plural";
import { Button } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";
import { FileDrop } from "../ui/file-drop";
import { toast } from "../ui/toast";
import {
  detectedColumns, failedRowsCsv, FIELD_LABELS, IMPORT_MAX_BYTES, mappedCsv, readImportFile, SLICE_ROWS, type ImportFailure, type ImportFile,
  describeFailure,
} from "./import-model";

// Import CSV, in four steps on one page: pick or drop a file → check the detected columns (each
// changeable) against a preview → a dry run lists what would fail → the import, in slices of
// SLICE_ROWS rows with a progress bar, and the failed rows as a CSV to fix and import again.

interface Outcome {
  created: number;
  failed: ImportFailure[];
}

async function post(csv: string, dryRun: boolean, domain: string): Promise<Outcome | string> {
  const query = new URLSearchParams({ domain, ...(dryRun ? { dryRun: "true" } : {}) });
  try {
    const res = await fetch(`/api/dashboard/links/import?${query}`, { method: "POST", headers: { "content-type": "text/csv" }, body: csv });
    const body = await res.json().catch(() => null);
    if (res.ok && body) return body as Outcome;
    return body?.error?.message ?? `The server answered ${res.status}.`;
  } catch {
    return "Hop could not be reached. Check the connection and try again.";
  }
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ImportWizard({ domains, defaultDomain }: { domains: string[]; defaultDomain: string }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<ImportFile | null>(null);
  const [columns, setColumns] = useState<ColumnMap>({});
  const [domain, setDomain] = useState(defaultDomain);
  const [problem, setProblem] = useState<string | null>(null);
  const [checked, setChecked] = useState<Outcome | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<Outcome | null>(null);
  const busy = progress !== null;

  async function pick(picked: File | undefined) {
    setProblem(null);
    setChecked(null);
    setResult(null);
    if (!picked) return;
    if (picked.size > IMPORT_MAX_BYTES) return setProblem(`${picked.name} is larger than 5 MB; split it into smaller files.`);
    const read = readImportFile(picked.name, await picked.text());
    if (typeof read === "string") return setProblem(read);
    setFile(read);
    setColumns(detectedColumns(read.header));
  }

  function remap(field: ImportField, value: string) {
    setChecked(null);
    setColumns((current) => {
      const next = { ...current };
      if (value === "") delete next[field];
      else next[field] = Number(value);
      return next;
    });
  }

  async function dryRun() {
    if (!file) return;
    if (columns.url === undefined) return setProblem("Pick the column that holds the destination URL.");
    setProblem(null);
    setProgress(0);
    const outcome = await post(mappedCsv(file.header, file.rows, columns), true, domain);
    setProgress(null);
    if (typeof outcome === "string") return setProblem(outcome);
    setChecked(outcome);
  }

  async function runImport() {
    if (!file) return;
    setProblem(null);
    const total: Outcome = { created: 0, failed: [] };
    for (let start = 0; start < file.rows.length; start += SLICE_ROWS) {
      setProgress(start / file.rows.length);
      const outcome = await post(mappedCsv(file.header, file.rows.slice(start, start + SLICE_ROWS), columns), false, domain);
      if (typeof outcome === "string") {
        setProgress(null);
        setResult(total);
        return setProblem(`Stopped after ${countOf(total.created, "link")}: ${outcome}`);
      }
      total.created += outcome.created;
      total.failed.push(...outcome.failed.map((failure) => ({ ...failure, row: failure.row + start })));
    }
    setProgress(null);
    setResult(total);
    toast(`${countOf(total.created, "link")} imported`);
    router.refresh();
  }

  const preview = file?.rows.slice(0, 5) ?? [];
  return (
    <div className="page-stack">
      <Card labelledBy="import-file-title">
        <CardHeader id="import-file-title" title="1. Choose a CSV file" description="Hop's own export, a Bitly, Dub, Short.io or Rebrandly export, or a spreadsheet saved as CSV (commas, semicolons or tabs): a header row, then one link per row. Up to 10,000 rows and 5 MB." />
        <CardBody>
          <FileDrop id="import-file" ref={input} accept=".csv,text/csv" prompt={file ? `${file.name}: ${countOf(file.rows.length, "row")}. Drop or choose another file` : "Drop a CSV file here, or choose one"} labelledBy="import-file-title" disabled={busy} onFile={pick} />
          {problem ? <p className="field-error import-problem" role="alert">{problem}</p> : null}
        </CardBody>
      </Card>

      {file ? (
        <Card labelledBy="import-columns-title">
          <CardHeader id="import-columns-title" title="2. Check the columns" description="What each of your columns becomes. Columns left unpicked are ignored." />
          <CardBody>
            <div className="field import-domain">
              <label className="field-label" htmlFor="import-domain">
                Import into
              </label>
              <select id="import-domain" className="select" aria-describedby="import-domain-hint" value={domain} disabled={busy} onChange={(event) => { setChecked(null); setDomain(event.target.value); }}>
                {domains.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
              <p id="import-domain-hint" className="field-hint">
                Rows whose short link is on another service (bit.ly, dub.sh …) or names no domain get this domain, with the same back-half as the slug.
              </p>
            </div>
            <div className="import-mapping">
              {IMPORT_FIELDS.map((field) => (
                <div className="field" key={field}>
                  <label className="field-label" htmlFor={`import-map-${field}`}>
                    {FIELD_LABELS[field]}
                    {field === "url" ? " (required)" : ""}
                  </label>
                  <select id={`import-map-${field}`} className="select" value={columns[field] ?? ""} disabled={busy} onChange={(event) => remap(field, event.target.value)}>
                    <option value="">Not imported</option>
                    {file.header.map((name, index) => (
                      <option key={index} value={index}>
                        {name || `Column ${index + 1}`}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
            <div className="table-wrap import-preview-wrap" tabIndex={0} role="region" aria-label="The first rows of the file">
              <table className="table import-preview">
                <caption className="visually-hidden">The first rows as they will be imported</caption>
                <thead>
                  <tr>
                    {IMPORT_FIELDS.filter((field) => columns[field] !== undefined).map((field) => (
                      <th scope="col" key={field}>
                        {FIELD_LABELS[field]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.map((row, index) => (
                    <tr key={index}>
                      {IMPORT_FIELDS.filter((field) => columns[field] !== undefined).map((field) => (
                        <td key={field}>{row[columns[field]!] ?? ""}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="form-actions">
              <Button onClick={dryRun} disabled={busy}>
                {busy && !checked ? "Checking…" : "Check the rows"}
              </Button>
              <span className="field-hint">Nothing is created until you import.</span>
            </div>
          </CardBody>
        </Card>
      ) : null}

      {file && checked ? (
        <Card labelledBy="import-run-title">
          <CardHeader id="import-run-title" title="3. Import" description={`${countOf(checked.created, "link")} will be created${checked.failed.length ? `; ${countOf(checked.failed.length, "row")} will not` : ""}.`} />
          <CardBody>
            <FailureList file={file} failures={result ? result.failed : checked.failed} />
            {progress !== null ? (
              <div className="import-progress">
                <progress max={1} value={progress} aria-label="Import progress" />
                <span className="field-hint">{Math.round(progress * 100)}%</span>
              </div>
            ) : null}
            {result ? (
              <p role="status" className="import-done">
                {countOf(result.created, "link")} imported{result.failed.length ? `, ${countOf(result.failed.length, "row")} not` : ""}. <Link href="/links">See your links</Link>
              </p>
            ) : (
              <div className="form-actions">
                <Button onClick={runImport} disabled={busy || checked.created === 0}>
                  {busy ? "Importing…" : `Import ${countOf(checked.created, "link")}`}
                </Button>
              </div>
            )}
          </CardBody>
        </Card>
      ) : null}
    </div>
  );
}

function FailureList({ file, failures }: { file: ImportFile; failures: ImportFailure[] }) {
  if (!failures.length) return <p className="field-hint">Every row passed the check.</p>;
  return (
    <div className="import-failures">
      <ul>
        {failures.slice(0, 20).map((failure) => (
          <li key={failure.row}>
            <strong>Row {failure.row}</strong>
            {failure.slug ? ` (${failure.slug})` : ""}: {describeFailure(failure)}
          </li>
        ))}
      </ul>
      {failures.length > 20 ? <p className="field-hint">…and {countOf(failures.length - 20, "more row")}.</p> : null}
      <Button variant="secondary" onClick={() => download(`${file.name.replace(/\.csv$/i, "")}-failed.csv`, failedRowsCsv(file, failures))}>
        Download the failed rows (CSV)
      </Button>
    </div>
  );
}
