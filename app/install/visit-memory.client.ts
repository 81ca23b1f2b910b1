/**
 * Where the visit came from, kept for the tab (every public page runs this, after each navigation, from the
 * beacon script): the landing address's utm_* or ref, else the referring site, in sessionStorage, never a
 * cookie. Apart from the link rules (./visit.client.ts, loaded only by pages with store links), so the
 * script every page loads stays small. Nothing here identifies the person (docs/privacy.md).
 */
import type { Attribution } from "./store-links";

export type Kept = Omit<Attribution, "page">;
const KEY = "clink.install";
let firstOfDocument = true;

export function keptVisit(): Kept {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? "{}") as Kept;
  } catch {
    return {};
  }
}

function keep(kept: Kept): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage refused (a private window's quota, a policy): this page's links still carry what it knows.
  }
}

/** The referring site's host, without www., when it is another site (only the document's first page view). */
function referringSite(): string | undefined {
  if (!document.referrer) return undefined;
  try {
    const host = new URL(document.referrer).host;
    return host && host !== location.host ? host.replace(/^www\./, "") : undefined;
  } catch {
    return undefined;
  }
}

const text = (value: string | null) => (value ? value.trim().slice(0, 100) || undefined : undefined);

/** This address's attribution merged into the visit's: a new source or campaign replaces the old, a city is added. */
export function rememberVisit(): Kept {
  const query = new URLSearchParams(location.search);
  const referrer = firstOfDocument ? referringSite() : undefined;
  firstOfDocument = false;
  const source = text(query.get("utm_source")) ?? text(query.get("ref")) ?? referrer;
  const campaign = text(query.get("utm_campaign"));
  const city = text(query.get("city"));
  let kept = keptVisit();
  if (source || campaign) kept = { source, medium: text(query.get("utm_medium")), campaign, city: kept.city };
  if (city) kept.city = city;
  keep(kept);
  return kept;
}

/** Whether the page shows store links or a QR code of /get (then ./visit.client.ts is loaded). */
export const hasInstallLinks = (): boolean => document.querySelector("[data-install],[data-install-qr]") !== null;
