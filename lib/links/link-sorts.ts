// The orders of the dashboard's links table, apart from the query code so the filters (a client
// component) can offer them without importing the database.
export const LINK_SORTS = ["newest", "oldest", "clicks", "title", "slug", "destination"] as const;
