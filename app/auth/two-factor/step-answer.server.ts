import { json } from "~/core/http/api.server";
import type { StepResult } from "./sign-in-steps.server";

/**
 * A sign-in step's result as the API answers it: its cookies (the session, or the cleared pending sign-in)
 * on success and failure alike, {success: true}, or the failure's status, message and Retry-After.
 */
export function stepAnswer(result: StepResult): Response {
  const headers = new Headers();
  for (const cookie of result.setCookies ?? []) headers.append("Set-Cookie", cookie);
  if (result.ok) return json({ success: true }, { headers });
  if (result.retryAfterSeconds) headers.set("Retry-After", String(result.retryAfterSeconds));
  return json({ success: false, message: result.message }, { status: result.status, headers });
}
