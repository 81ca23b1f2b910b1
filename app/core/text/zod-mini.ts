import { config } from "zod/mini";

// Zod's small, tree-shakeable build, for schemas the browser's scripts share with the server (the public
// forms): the classic build cannot be tree-shaken (about 90 KB gzipped however little is used, measured),
// the mini one costs a few KB. Same core and same messages; as in ./zod.ts, the eval-based compiler is off
// because our CSP forbids eval in the browser.
config({ jitless: true });

export * from "zod/mini";
