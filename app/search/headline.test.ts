import { describe, expect, it } from "vitest";
import { headline, MAX_WORDS } from "./headline";
import { FRAGMENT_DELIMITER } from "./snippet";
import { terms } from "./text";

const set = (query: string) => new Set(terms(query));
const plain = (text: string) => text.replace(/[⟪⟫]/g, "");

describe("headline", () => {
  it("marks every form of a searched word in context", () => {
    expect(headline("We love a happy crowd. Happiness is a rooftop at sunset.", set("happy"))).toBe(
      "We love a ⟪happy⟫ crowd. ⟪Happiness⟫ is a rooftop at sunset",
    );
  });

  it("keeps to MAX_WORDS words around the matches", () => {
    const text = `${"filler ".repeat(60)}the spritz is here ${"more ".repeat(60)}`;
    const made = headline(text, set("spritz"));
    expect(made).toContain("⟪spritz⟫");
    expect(plain(made).split(/\s+/)).toHaveLength(MAX_WORDS);
  });

  it("shows two fragments for matches far apart, in the text's order, and prefers the span with the most different words", () => {
    const text = `Gin first. ${"word ".repeat(80)}Then gin and tonic together. ${"word ".repeat(80)}Tonic last.`;
    const made = headline(text, set("gin tonic"));
    const fragments = made.split(FRAGMENT_DELIMITER);
    expect(fragments).toHaveLength(2);
    expect(fragments.some((f) => f.includes("⟪gin⟫ and ⟪tonic⟫"))).toBe(true);
    expect(made.indexOf("Gin first") < 0 || made.indexOf("Gin first") < made.indexOf("⟪gin⟫ and")).toBe(true);
  });

  it("gives the first words when nothing in the text matches (a title match)", () => {
    expect(headline("One two three four five six seven eight nine ten eleven twelve.", set("elsewhere"))).toBe(
      "One two three four five six seven eight nine ten",
    );
  });

  it("never marks a stop word or a word that only starts like a searched one", () => {
    expect(headline("The bartender had a bar", set("bar the"))).toBe("The bartender had a ⟪bar⟫");
  });
});
