import { data } from "react-router";
import type { $ZodType, output } from "zod/v4/core";
import { safeParse } from "~/core/text/zod-mini";
import { ApiError, parseJson, readForm } from "~/core/http/api.server";
import { fieldErrors } from "~/core/text/field-errors";
import { TOO_MANY_SUBMISSIONS, type PublicFormOutcome } from "./contact-submission.server";
import { formFields } from "./form-data";
import type { FormActionResult, PublicForm } from "./public-forms";

/**
 * The page action behind each public form, for browsers without JavaScript: the same description
 * (./public-forms.ts), schema and service as the JSON API, answered as the page with its messages (400, 429).
 */
export async function handleFormPost<S extends $ZodType>(
  request: Request,
  form: PublicForm<S>,
  submit: (input: output<S>) => Promise<PublicFormOutcome>,
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
  const parsed = safeParse(form.schema, form.prepare ? form.prepare(values) : values);
  if (!parsed.success)
    return data<FormActionResult>({ ok: false, errors: fieldErrors(parsed.error), values, message: null }, { status: 400 });
  let outcome: PublicFormOutcome;
  try {
    outcome = await submit(parsed.data);
  } catch (error) {
    // A refused bot check (./proof-of-work.server.ts) is the visitor's to fix, with its message.
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return data<FormActionResult>({ ok: false, errors: {}, values, message: error.message }, { status: error.status });
  }
  if (!outcome.accepted) {
    return data<FormActionResult>(
      { ok: false, errors: {}, values, message: TOO_MANY_SUBMISSIONS },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return data<FormActionResult>({ ok: true, errors: {}, values: {}, message: null });
}

/** A public form's JSON body: a body that is not JSON at all is a bad request here too (400, not 415). */
export async function readFormJson<S extends $ZodType>(request: Request, schema: S): Promise<output<S>> {
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
