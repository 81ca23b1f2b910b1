import { onFirstUse } from "~/core/limits/on-first-use";

/**
 * Passwords are judged by how long a guesser would take (zxcvbn: common passwords, words, names,
 * keyboard patterns, dates), offline with the dictionaries shipped in the package, not by length alone.
 * Score 3 of 4 ("safely unguessable: moderate protection from offline slow-hash scenario") is required.
 */
const MIN_SCORE = 3;
// The dictionaries hold ~11 MB of heap once loaded, for a check made only when a staff member sets a
// password: loaded then, not at every server's start.
const zxcvbn = onFirstUse(async () => {
  const [{ ZxcvbnFactory }, common, english] = await Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]);
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
});

/** Null when the password is strong enough, else a message that says why and how to do better. */
export async function passwordWeakness(password: string, personal: Array<string | null | undefined> = []): Promise<string | null> {
  // Past 100 characters the estimate only grows; checking a megabyte would cost seconds.
  // Whole values and their words: "Maya Chen" makes "maya" and "chen" guessable too.
  const words = personal.flatMap((p) =>
    p
      ? [
          p,
          ...p
            .toLowerCase()
            .split(/[^a-z0-9]+/)
            .filter((w) => w.length > 2),
        ]
      : [],
  );
  const result = (await zxcvbn()).check(password.slice(0, 100), words);
  if (result.score >= MIN_SCORE) return null;
  const why = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(" ");
  return `This password is too easy to guess.${why ? ` ${why}` : " Add more words or characters that are not common."}`;
}
