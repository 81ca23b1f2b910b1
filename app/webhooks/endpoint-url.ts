/** The reason a URL cannot be a webhook endpoint by its shape alone (before any DNS), or null. */
export function urlShapeProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "Enter the endpoint's full address, starting with https://";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "Only http:// and https:// addresses can receive webhooks";
  if (url.username || url.password) return "Leave the user name and password out of the address";
  if (!url.hostname) return "Enter the endpoint's full address, starting with https://";
  return null;
}
