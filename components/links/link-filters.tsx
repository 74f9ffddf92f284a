import { LINK_SORTS, type DashboardLinksQuery } from "@/lib/links/list-links-page";

const SORT_LABELS: Record<(typeof LINK_SORTS)[number], string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  title: "Title A–Z",
  slug: "Slug A–Z",
  destination: "Destination A–Z",
};

/** A plain GET form: the filters live in the address, work without JavaScript and are shareable. */
export function LinkFilters({
  query,
  choices,
}: {
  query: DashboardLinksQuery;
  choices: { domains: string[]; tags: string[]; groups: Array<{ id: string; name: string }> };
}) {
  return (
    <form className="link-filters" method="get" action="/links" role="search" aria-label="Search and filter links">
      <div className="field link-filters-search">
        <label className="field-label" htmlFor="filter-search">
          Search
        </label>
        <input id="filter-search" name="search" className="input" type="search" placeholder="Slug, title or destination" defaultValue={query.search ?? ""} />
      </div>
      <FilterSelect id="filter-tag" name="tag" label="Tag" value={query.tag} options={choices.tags.map((t) => [t, t])} />
      <FilterSelect id="filter-domain" name="domain" label="Domain" value={query.domain} options={choices.domains.map((d) => [d, d])} />
      <FilterSelect id="filter-group" name="groupId" label="Group" value={query.groupId} options={choices.groups.map((g) => [g.id, g.name])} />
      <FilterSelect id="filter-type" name="type" label="Type" value={query.type} options={[["deeplink", "Short link"], ["website", "Website"], ["applink", "App link"]]} />
      <div className="field">
        <label className="field-label" htmlFor="filter-sort">
          Sort
        </label>
        <select id="filter-sort" name="sort" className="select" defaultValue={query.sort}>
          {LINK_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="link-filters-actions">
        <button type="submit" className="btn btn-primary">
          Apply
        </button>
        <a className="btn btn-ghost" href="/links">
          Clear
        </a>
      </div>
    </form>
  );
}

function FilterSelect({ id, name, label, value, options }: { id: string; name: string; label: string; value?: string; options: Array<[string, string]> }) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="select" defaultValue={value ?? ""}>
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
