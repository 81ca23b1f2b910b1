import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";

/**
 * What a section's loader already asked the admin API for, by the address a panel asks (decision 0050): the
 * section's first HTML shows its list, and the panel's first fetch is skipped. Later fetches (another page, a
 * refresh after a change) go to the API as before.
 */
export type PreloadedAnswers = Record<string, unknown>;

const PreloadedContext = createContext<PreloadedAnswers>({});

const subscribeNever = () => () => {};

/** False in the server's HTML and until the page's script has taken over, then true. */
function useScriptRunning(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * The answers for the panels inside. A list in the first HTML is seen before the page's script runs, and its
 * buttons (Edit, Delete, Resolve...) work only once it does: until then they are disabled (a disabled fieldset),
 * so a press is refused visibly instead of being lost. Links inside still work as plain links.
 */
export function PreloadedAnswersProvider({ answers, children }: { answers: PreloadedAnswers | null | undefined; children: ReactNode }) {
  const running = useScriptRunning();
  return (
    <PreloadedContext.Provider value={answers ?? {}}>
      <fieldset disabled={!running} aria-busy={!running} className="m-0 min-w-0 border-0 p-0">
        {children}
      </fieldset>
    </PreloadedContext.Provider>
  );
}

/** The loader's answer for `url`, if it gave one. */
export function usePreloadedAnswer<T>(url: string | null): T | null {
  const answers = useContext(PreloadedContext);
  return url !== null && Object.hasOwn(answers, url) ? (answers[url] as T) : null;
}
