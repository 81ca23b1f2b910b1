/** A JSON call from the security settings and the sign-in steps: the body, or an Error with the server's message. */
export async function callJson<T = Record<string, unknown>>(url: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: "same-origin",
    headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new Error(data.message ?? `The server answered ${response.status}`);
  return data as T;
}

/** What to say when a WebAuthn ceremony ends in the browser (cancelled, timed out, no passkey). */
export function passkeyErrorText(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return "The passkey request was cancelled or timed out.";
  if (name === "InvalidStateError") return "This device already has a passkey for your account.";
  return error instanceof Error ? error.message : "The passkey could not be used.";
}
