import { z } from "zod";

// Zod in a browser bundle: its compiled parsers are built with `new Function`, and the first
// z.object probes for it; the pages' CSP has no 'unsafe-eval', so the probe is reported as a
// violation even though zod catches it (docs/editor.md). A client module that needs zod imports
// this first of all, so the switch is on before any schema of the bundle is built. Only where
// `window` exists: the server rendering the same module keeps its compiled parsers.
if (typeof window !== "undefined") z.config({ jitless: true });
