import { describe, expect, it } from "vitest";
import { linksAsText, withoutImages, withoutLinkTails } from "./markdown-text";

/** The least time of three runs of `work`, in ms. */
function least(work: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe("markdown's images and links as text", () => {
  it("drops images, keeps links' text, and drops a cut link's tail", () => {
    expect(withoutImages("a ![door](/x.png) b")).toBe("a   b");
    expect(linksAsText("see [the bar](https://bar.example/a_(b)) now")).toBe("see the bar now");
    expect(withoutLinkTails("the bar](https://bar.example) now")).toBe("the bar now");
  });

  it("takes time linear in the text for the inputs that were quadratic (10 times the text, not 100 times the time)", () => {
    const hostile = (n: number) => ["![".repeat(n / 2), "[".repeat(n), "[a](".repeat(n / 4), "](".repeat(n / 2)].join("\n");
    const run = (text: string) => () => withoutLinkTails(linksAsText(withoutImages(text)));
    const small = least(run(hostile(3_000)));
    const large = least(run(hostile(30_000)));
    // Quadratic, the large text took about 100 times as long (3.4 s for 15,000 '![').
    expect(large).toBeLessThan(30 * small + 20);
  });
});
