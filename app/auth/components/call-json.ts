import { problemText } from "~/admin/admin-api";

/** What to say when a WebAuthn ceremony ends in the browser (cancelled, timed out, no passkey). */
export function passkeyErrorText(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return "The passkey request was cancelled or timed out.";
  if (name === "InvalidStateError") return "This device already has a passkey for your account.";
  return error instanceof Error ? problemText(error) : "The passkey could not be used.";
}
