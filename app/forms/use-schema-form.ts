import { useCallback, useRef, useState } from "react";
import type { z } from "zod";
import { fieldErrors } from "~/core/field-errors";

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

  return { values, errors, setErrors, setValue, validate, reset, formRef };
}

/** The message of a JSON answer `{success, message}`, when there is one. */
export async function answerOf(response: Response): Promise<{ success: boolean; message?: string; errors?: Record<string, string> }> {
  try {
    const body = (await response.json()) as { success?: unknown; message?: unknown; errors?: Record<string, string> };
    return { success: body.success === true && response.ok, message: typeof body.message === "string" ? body.message : undefined, errors: body.errors };
  } catch {
    return { success: false };
  }
}
