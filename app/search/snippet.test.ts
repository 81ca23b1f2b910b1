import { describe, expect, it } from "vitest";
import { headlineSource, markCuts, snapToWords, toSnippet } from "./snippet";

describe("headlineSource", () => {
  it("makes each markdown heading a sentence of its own", () => {
    const text = headlineSource("Where to go.", "## Dress code\nSmart casual.\n\n### Is it loud?\nNot very.\n# Last word #");
    expect(text).toBe("Where to go.\nDress code.\nSmart casual.\nIs it loud?\nNot very.\nLast word.");
    expect(
      toSnippet(text)
        .map((p) => p.text)
        .join(""),
    ).toContain("Dress code. Smart casual.");
  });

  it("keeps a link's text, drops its address, images, emphasis and list markers", () => {
    const text = headlineSource(
      "",
      "See [our list](https://clink.app/blog/rooftop-bars) for **more** ideas.\n![A bar](/x.webp)\n- one\n2. two\n> quoted",
    );
    expect(text).toBe("See our list for more ideas.\none\ntwo\nquoted");
  });

  it("ends an excerpt without punctuation with a full stop", () => {
    expect(headlineSource("An evening out", "Hello.")).toBe("An evening out.\nHello.");
  });
});

describe("snapToWords", () => {
  const source = "Take the lift to the top-floor terrace and order a spritz; the after-work crowd arrives by six.";

  it("widens a fragment cut inside a compound to the whole word, at both ends", () => {
    expect(snapToWords("floor ⟪terrace⟫ and order a spritz; the after", source)).toBe(
      "top-floor ⟪terrace⟫ and order a spritz; the after-work",
    );
  });

  it("does the same for each fragment and leaves whole words alone", () => {
    expect(snapToWords("the ⟪lift⟫ to the top … work ⟪crowd⟫ arrives", source)).toBe(
      "the ⟪lift⟫ to the top-floor … after-work ⟪crowd⟫ arrives",
    );
    expect(snapToWords("Take the ⟪lift⟫", source)).toBe("Take the ⟪lift⟫");
  });

  it("leaves a fragment it cannot find as it is", () => {
    expect(snapToWords("somewhere ⟪else⟫", source)).toBe("somewhere ⟪else⟫");
  });
});

describe("markCuts", () => {
  const source =
    "Arrive early.\nThe rooftop bars fill up by four on weekends, so plan ahead and book a table for the whole group if you can manage it at all. Bring a jacket.";

  it("grows a fragment to the sentence's edges when they are near", () => {
    expect(markCuts("rooftop ⟪bars⟫ fill up by four", source)).toBe("The rooftop ⟪bars⟫ fill up by four…");
    expect(markCuts("Bring a ⟪jacket⟫", source)).toBe("Bring a ⟪jacket⟫.");
  });

  it("marks a cut with an ellipsis where no edge is near, and leaves whole sentences alone", () => {
    expect(markCuts("book a ⟪table⟫ for the whole group", source)).toBe("…book a ⟪table⟫ for the whole group if you can manage it at all.");
    expect(markCuts("Arrive ⟪early⟫.", source)).toBe("Arrive ⟪early⟫.");
  });

  it("treats each fragment alone and leaves one it cannot find as it is", () => {
    expect(markCuts("Arrive ⟪early⟫ … Bring a ⟪jacket⟫", source)).toBe("Arrive ⟪early⟫. … Bring a ⟪jacket⟫.");
    expect(markCuts("somewhere ⟪else⟫", source)).toBe("somewhere ⟪else⟫");
  });
});
