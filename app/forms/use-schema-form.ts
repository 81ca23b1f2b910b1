import { useCallback, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { useToast } from "~/components/ui/toast";
import { fieldErrors } from "~/core/field-errors";
import { HONEYPOT_FIELD } from "./contact-submission";

export type FormValues = Record<string, string | boolean>;

/**
 * A form checked in the browser by the same Zod schema the server uses. Errors appear on submit; after
 * that, editing a field re-checks it, so its message changes or goes away as it becomes valid.
 */
export function useSchemaForm<S extends z.ZodType>(schema: S, initial: FormValues, initialErrors: Record<string, string> = {}) {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>(initialErrors);
  const formRef = useRef<HTMLFormElement>(null);

  const setValue = useCallback(
    (name: string, value: string | boolean) => {
      setValues((current) => {
        const next = { ...current, [name]: value };
        setErrors((shown) => {
          if (!(name in shown)) return shown;
          const result = schema.safeParse(next);
          const now = result.success ? {} : fieldErrors(result.error);
          const { [name]: _old, ...rest } = shown;
          return now[name] ? { ...rest, [name]: now[name] } : rest;
        });
        return next;
      });
    },
    [schema],
  );

  /** The parsed data, or null after showing every error and moving focus to the first invalid field. */
  const validate = useCallback((): z.output<S> | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const found = fieldErrors(result.error);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"], [data-field="${CSS.escape(first)}"]`)?.focus();
    return null;
  }, [schema, values]);

  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
  }, [initial]);

  /** The props that tie a text input, text area or select to one field. */
  const bind = (name: string) => ({
    name,
    value: String(values[name] ?? ""),
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
  });

  return { values, errors, setErrors, setValue, validate, reset, formRef, bind };
}

/**
 * The JavaScript path of a public form: checks it with the shared schema, sends it as JSON (honeypot
 * included), then calls `onSuccess` or shows the toast "Error" with the server's message, else `defaultError`
 * (a network failure too). The server's field messages land beside the fields (`apiToForm` renames them).
 */
export function useJsonSubmit<T>(
  form: { validate: () => T | null; setErrors: (errors: Record<string, string>) => void },
  options: { url: string; body: (data: T) => object; defaultError: string; onSuccess: (data: T) => void; apiToForm?: Record<string, string> },
) {
  const toast = useToast();
  const [submitting, setSubmitting] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    const data = form.validate();
    if (!data) return;
    setSubmitting(true);
    try {
      const response = await fetch(options.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ ...options.body(data), [HONEYPOT_FIELD]: typeof honeypot === "string" && honeypot ? honeypot : undefined }),
      });
      const answer = await answerOf(response);
      if (answer.success) {
        options.onSuccess(data);
        return;
      }
      if (answer.errors) {
        form.setErrors(Object.fromEntries(Object.entries(answer.errors).map(([key, message]) => [options.apiToForm?.[key] ?? key, message])));
      }
      toast({ title: "Error", description: answer.message ?? options.defaultError, variant: "destructive" });
    } catch {
      toast({ title: "Error", description: options.defaultError, variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }
  return { submitting, onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event) };
}

/** The message of a JSON answer `{success, message}`, when there is one. */
async function answerOf(response: Response): Promise<{ success: boolean; message?: string; errors?: Record<string, string> }> {
  try {
    const body = (await response.json()) as { success?: unknown; message?: unknown; errors?: Record<string, string> };
    return { success: body.success === true && response.ok, message: typeof body.message === "string" ? body.message : undefined, errors: body.errors };
  } catch {
    return { success: false };
  }
}
