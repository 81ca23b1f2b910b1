import { describe, expect, it } from "vitest";
import { ownEchoes } from "./own-echoes";

describe("ownEchoes", () => {
  it("takes the newest report coming back for an echo", () => {
    const echoes = ownEchoes("");
    echoes.reported("a");
    expect(echoes.isEcho("a")).toBe(true);
  });

  it("takes an older report coming back after a newer one for an echo, not a text from outside", () => {
    // The upload's text is committed; a keystroke reports "…T" before the commit's effect runs with the older text.
    const echoes = ownEchoes("Intro");
    echoes.reported("Intro ![bar counter](/api/media/x)");
    echoes.reported("Intro ![T](/api/media/x)");
    expect(echoes.isEcho("Intro ![bar counter](/api/media/x)")).toBe(true);
    expect(echoes.isEcho("Intro ![T](/api/media/x)")).toBe(true);
  });

  it("takes a text never reported for one from outside, and it becomes the text shown", () => {
    const echoes = ownEchoes("draft one");
    echoes.reported("draft one, typed");
    expect(echoes.isEcho("restored draft")).toBe(false);
    expect(echoes.isEcho("restored draft")).toBe(true);
    expect(echoes.isEcho("draft one, typed")).toBe(false);
  });

  it("forgets reports older than one that came back", () => {
    const echoes = ownEchoes("");
    echoes.reported("a");
    echoes.reported("ab");
    expect(echoes.isEcho("ab")).toBe(true);
    // "a" came back after "ab": older than the echo already seen, so it was not the editor's latest and is set.
    expect(echoes.isEcho("a")).toBe(false);
  });

  it("keeps only the newest reports of a parent that never hands the value back", () => {
    const echoes = ownEchoes("", 3);
    for (const text of ["1", "2", "3", "4"]) echoes.reported(text);
    expect(echoes.isEcho("1")).toBe(false);
    expect(echoes.isEcho("4")).toBe(false); // the outside "1" reset what was remembered
  });
});
