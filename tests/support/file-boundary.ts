import { afterAll } from "vitest";
import { cleanUpNow } from "./test-server";

// The integration files share their worker's process and modules (isolate: false, issue 48): a fresh process for
// each file cost about 0.35 s of CPU a file (docs/benchmarks.md). What a file leaves behind (a server it did not
// stop, its temporary folders) still ends with the file, as it did when its process ended with it. Registered
// first, this hook runs after the file's own (Vitest runs "after" hooks in reverse order).
afterAll(() => cleanUpNow());
