import { createContext, useContext, type ReactNode } from "react";

/**
 * What a section's loader already asked the admin API for, by the address a panel asks (decision 0050): the
 * section's first HTML shows its list, and the panel's first fetch is skipped. Later fetches (another page, a
 * refresh after a change) go to the API as before.
 */
export type PreloadedAnswers = Record<string, unknown>;

const PreloadedContext = createContext<PreloadedAnswers>({});

/** The answers for the panels inside. */
export function PreloadedAnswersProvider({ answers, children }: { answers: PreloadedAnswers | null | undefined; children: ReactNode }) {
  return <PreloadedContext.Provider value={answers ?? {}}>{children}</PreloadedContext.Provider>;
}

/** The loader's answer for `url`, if it gave one. */
export function usePreloadedAnswer<T>(url: string | null): T | null {
  const answers = useContext(PreloadedContext);
  return url !== null && Object.hasOwn(answers, url) ? (answers[url] as T) : null;
}
