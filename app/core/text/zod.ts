import { z } from "zod";

// Zod 4 compiles object parsers with `new Function` when it can. Our CSP forbids eval in the browser, so
// that probe would be reported as a CSP violation on every page with a form (and Lighthouse counts it):
// every schema is built from this one import, with the compiler switched off.
z.config({ jitless: true });

export { z };
