import { data } from "react-router";
import type { z } from "zod";
import { ApiError, parseJson, readForm } from "~/core/api.server";
import { fieldErrors } from "~/core/field-errors";
import { TOO_MANY_SUBMISSIONS, type PublicFormOutcome } from "./contact-submission.server";
import { formFields } from "./form-data";

/** What a public form's page action answers (the page shows it when JavaScript is off). */
export type FormActionResult = { ok: boolean; errors: Record<string, string>; values: Record<string, string | boolean>; message: string | null };

/**
 * The page action behind each public form, for browsers without JavaScript: the same schema and the same
 * service as the JSON API, answered as the page with its messages (400, 429) instead of JSON.
 */
export async function handleFormPost<S extends z.ZodType>(
  request: Request,
  form: {
    text: readonly string[];
    checkboxes?: readonly string[];
    /** Turns what the HTML form posts into what the schema reads (e.g. the chosen statement into captchaVerified). */
    prepare?: (values: Record<string, unknown>) => Record<string, unknown>;
    schema: S;
    submit: (input: z.output<S>) => Promise<PublicFormOutcome>;
  },
) {
  let posted: FormData;
  try {
    // The same reading and cleaning as every API body: a NUL or a lone surrogate is a 400 here, before
    // the schema, the limit or the database see it.
    posted = await readForm(request);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<FormActionResult>({ ok: false, errors: {}, values: {}, message: error.message }, { status: error.status });
  }
  const values = formFields(posted, form.text, form.checkboxes) as Record<string, string | boolean>;
  const parsed = form.schema.safeParse(form.prepare ? form.prepare(values) : values);
  if (!parsed.success) return data<FormActionResult>({ ok: false, errors: fieldErrors(parsed.error), values, message: null }, { status: 400 });
  const outcome = await form.submit(parsed.data);
  if (!outcome.accepted) {
    return data<FormActionResult>(
      { ok: false, errors: {}, values, message: TOO_MANY_SUBMISSIONS },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return data<FormActionResult>({ ok: true, errors: {}, values: {}, message: null });
}

/** A public form's JSON body: a body that is not JSON at all is a bad request here too (400, not 415). */
export async function readFormJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  return parseJson(request, schema).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 415) throw new ApiError(400, error.message);
    throw error;
  });
}

/** The JSON answer to a public form: 429 with Retry-After when the address is over its limit. */
export function rejectIfLimited(outcome: PublicFormOutcome): void {
  if (!outcome.accepted) throw new ApiError(429, TOO_MANY_SUBMISSIONS, {}, { "Retry-After": String(outcome.retryAfterSeconds) });
}
