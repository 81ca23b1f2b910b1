/**
 * The browser's half of visitor analytics (app/analytics): one page view per navigation and one event when
 * a visitor presses an element marked `data-goal` (the store buttons, the sign-up), sent with
 * navigator.sendBeacon to POST /api/analytics. Nothing is stored in the browser: no cookie, no storage.
 * The referrer's host is the document's for its first page view, the site's own for later (client) ones.
 */
let first = true;

const send = (body: Record<string, string | undefined>) => {
  try {
    navigator.sendBeacon("/api/analytics", JSON.stringify(body));
  } catch {
    // No beacon (an old browser, a blocked request): the visit is not counted, nothing more.
  }
};

const isAdmin = (path: string) => /^\/(admin|ai-admin)(\/|$)/.test(path);

export function sendPageView(): void {
  const path = location.pathname;
  if (isAdmin(path)) return;
  const query = new URLSearchParams(location.search);
  // A later navigation comes from inside the site: its referrer is the site itself (not a new source).
  let ref: string | undefined = location.host;
  if (first) {
    try {
      ref = document.referrer ? new URL(document.referrer).host : undefined;
    } catch {
      ref = undefined;
    }
  }
  first = false;
  const width = innerWidth;
  send({
    path,
    ref,
    utm_source: query.get("utm_source") || undefined,
    utm_medium: query.get("utm_medium") || undefined,
    utm_campaign: query.get("utm_campaign") || undefined,
    // The rule of screenClass (./beacon.ts), repeated here to keep this script free of the schema.
    screen: width < 768 ? "mobile" : width < 1100 ? "tablet" : "desktop",
  });
}

/**
 * Presses on `[data-goal]` elements, for the whole page (listened to once, in the capture phase), with the
 * element's `data-city` when it has one (a city page's store button).
 */
export function watchGoals(): void {
  addEventListener(
    "click",
    (event) => {
      const target = (event.target as Element | null)?.closest?.("[data-goal]");
      const goal = target?.getAttribute("data-goal");
      if (goal && !isAdmin(location.pathname))
        send({ path: location.pathname, goal, city: target?.getAttribute("data-city") || undefined });
    },
    true,
  );
}
