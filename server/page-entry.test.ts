import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, withScriptHashes } from "./page-entry";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("a kept page's CSP", () => {
  it("names each inline script by its hash, not files nor data blocks", () => {
    const html = `<script>window.a=1</script><script type="module">import "/assets/x.js";</script><script src="/assets/y.js"></script><script type="application/json">{"a":1}</script><script type="application/ld+json">{}</script><script>window.a=1</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha("window.a=1"), sha('import "/assets/x.js";')]);
  });

  it("replaces the render's nonce and 'strict-dynamic' by the hashes, and never allows inline script wholesale", () => {
    const csp = "default-src 'self';script-src 'self' 'nonce-abc==' 'strict-dynamic';style-src 'self' 'unsafe-inline'";
    expect(withScriptHashes(csp, ["'sha256-x'"])).toBe("default-src 'self';script-src 'self' 'sha256-x';style-src 'self' 'unsafe-inline'");
    expect(withScriptHashes(csp, [])).toBe("default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline'");
  });
});
