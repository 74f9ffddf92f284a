"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { LINK_SORTS } from "@/lib/links/link-sorts";
import type { DashboardLinksQuery } from "@/lib/links/list-links-page";

// Short, so the eight filters fit one line on a laptop; the field is labelled "Sort".
const SORT_LABELS: Record<(typeof LINK_SORTS)[number], string> = {
  newest: "Newest",
  oldest: "Oldest",
  clicks: "Most clicks",
  title: "Title A–Z",
  slug: "Slug A–Z",
  destination: "Destination",
};

const FILTERS = ["search", "tag", "domain", "groupId", "type", "status", "health", "sort"] as const;
type Filter = (typeof FILTERS)[number];

/**
 * The filters live in the address. They apply as they are typed or picked: the address is replaced
 * (no history entry per keystroke, no full reload) and the server renders the table again; a
 * search waits for a pause in typing. Without JavaScript it is a plain GET form with Apply.
 */
export function LinkFilters({
  query,
  choices,
}: {
  query: DashboardLinksQuery;
  choices: { domains: string[]; tags: string[]; groups: Array<{ id: string; name: string }> };
}) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [interactive, setInteractive] = useState(false);
  const [values, setValues] = useState<Record<Filter, string>>(() => ({
    search: query.search ?? "",
    tag: query.tag ?? "",
    domain: query.domain ?? "",
    groupId: query.groupId ?? "",
    type: query.type ?? "",
    status: query.status ?? "",
    health: query.health ?? "",
    sort: query.sort === "newest" ? "" : query.sort,
  }));
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => setInteractive(true), []);

  const apply = (next: Record<Filter, string>) => {
    const params = new URLSearchParams();
    for (const name of FILTERS) if (next[name].trim()) params.set(name, next[name].trim());
    const search = params.toString();
    // A new filter starts at page 1: the page number is left out.
    startTransition(() => router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false }));
  };
  const change = (name: Filter, value: string, wait = 0) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (typing.current) clearTimeout(typing.current);
    if (wait) typing.current = setTimeout(() => apply(next), wait);
    else apply(next);
  };
  const select = (name: Filter) => ({ value: values[name], onChange: (event: { target: { value: string } }) => change(name, event.target.value) });

  return (
    <form className="link-filters" method="get" action="/links" role="search" aria-label="Search and filter links" aria-busy={pending || undefined} data-interactive={interactive || undefined} onSubmit={(event) => {
      event.preventDefault();
      apply(values);
    }}>
      <div className="field link-filters-search">
        <label className="field-label" htmlFor="filter-search">
          Search
        </label>
        <input id="filter-search" name="search" className="input" type="search" placeholder="Slug, title, URL" autoComplete="off" value={values.search} onChange={(event) => change("search", event.target.value, 250)} />
      </div>
      <FilterSelect id="filter-tag" name="tag" label="Tag" options={choices.tags.map((t) => [t, t])} {...select("tag")} />
      <FilterSelect id="filter-domain" name="domain" label="Domain" options={choices.domains.map((d) => [d, d])} {...select("domain")} />
      <FilterSelect id="filter-group" name="groupId" label="Group" options={choices.groups.map((g) => [g.id, g.name])} {...select("groupId")} />
      <FilterSelect id="filter-status" name="status" label="Status" options={[["active", "Active"], ["inactive", "Inactive"], ["expired", "Expired"], ["protected", "Password-protected"], ["scheduled", "Scheduled"], ["capped", "Visit limit"]]} {...select("status")} />
      <FilterSelect id="filter-health" name="health" label="Health" options={[["broken", "Broken"], ["redirected", "Redirected elsewhere"], ["ok", "OK"], ["unchecked", "Not checked yet"]]} {...select("health")} />
      <FilterSelect id="filter-type" name="type" label="Type" options={[["deeplink", "Short link"], ["website", "Website"], ["applink", "App link"]]} {...select("type")} />
      <div className="field">
        <label className="field-label" htmlFor="filter-sort">
          Sort
        </label>
        <select id="filter-sort" name="sort" className="select" {...select("sort")}>
          {LINK_SORTS.map((sort) => (
            <option key={sort} value={sort === "newest" ? "" : sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="link-filters-actions">
        {interactive ? null : (
          <button type="submit" className="btn btn-primary">
            Apply
          </button>
        )}
        <Link
          className="btn btn-ghost"
          href="/links"
          onClick={(event) => {
            event.preventDefault();
            const cleared = Object.fromEntries(FILTERS.map((name) => [name, ""])) as Record<Filter, string>;
            setValues(cleared);
            apply(cleared);
          }}
        >
          Clear
        </Link>
      </div>
    </form>
  );
}

function FilterSelect({ id, name, label, value, onChange, options }: { id: string; name: string; label: string; value: string; onChange: (event: { target: { value: string } }) => void; options: Array<[string, string]> }) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="select" value={value} onChange={onChange}>
        <option value="">Any</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
