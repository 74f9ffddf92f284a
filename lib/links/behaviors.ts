// The redirect behaviours a link may have. Apart from schemas.ts, which builds zod schemas at load:
// the editor's client bundle needs only this list, and zod's first z.object probes `new Function`,
// which the editor's CSP refuses and reports (docs/editor.md).

export const BEHAVIORS = ["conservative", "aggressive", "basic", "non-meta", "experimental", "experimental2", "reddit"] as const;
