export const root: string;
/** True when .next is missing or older than a source `npm start` would rebuild it for. */
export function buildIsStale(): boolean;
export function buildIfNeeded(): void;
