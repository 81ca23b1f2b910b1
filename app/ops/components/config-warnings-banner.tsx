import { TriangleAlert } from "lucide-react";
import type { ConfigWarning } from "~/ops/config-warnings";

/** The operator's configuration warnings, at the top of every admin page (app/ops/config-warnings.ts). */
export function ConfigWarningsBanner({ warnings }: { warnings: ConfigWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50" data-testid="config-warnings">
      <ul className="container-page space-y-1 py-2 text-sm text-amber-950">
        {warnings.map((warning) => (
          <li key={warning.message} className="flex items-start gap-2">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
            <span>{warning.message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Admin loaders return their warnings under this key; the admin frame reads them from the matched routes. */
export function warningsOfMatches(matches: Array<{ loaderData?: unknown }>): ConfigWarning[] {
  for (const match of matches) {
    const warnings = (match.loaderData as { configWarnings?: ConfigWarning[] } | undefined)?.configWarnings;
    if (warnings) return warnings;
  }
  return [];
}
