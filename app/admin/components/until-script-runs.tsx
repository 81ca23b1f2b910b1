import { useSyncExternalStore, type ReactNode } from "react";

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
 * A section's first HTML shows its lists before the page's script runs, and their buttons (Edit, Delete,
 * Resolve...) work only once it does: until then they are disabled (a disabled fieldset), so a press is refused
 * visibly instead of being lost (decision 0050). Links inside still work as plain links.
 */
export function UntilScriptRuns({ children }: { children: ReactNode }) {
  const running = useScriptRunning();
  return (
    <fieldset disabled={!running} aria-busy={!running} className="m-0 min-w-0 border-0 p-0">
      {children}
    </fieldset>
  );
}
