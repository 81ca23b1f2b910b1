import { closeAnalytics } from "./collect.server";

/** At shutdown: write the page views and goals still buffered, so a clean stop loses none. */
export async function startAnalytics(): Promise<() => Promise<void>> {
  return closeAnalytics;
}
