import { useEffect, useRef, useState } from "react";
import { blogPostInputSchema } from "~/blog/post/schema";
import { fieldErrors } from "~/core/text/field-errors";
import { toRequestBody, type PostFormState } from "./post-form-state";

/** The form field each API error key belongs to (to tell whether the admin has changed it since). */
const FORM_KEY: Record<string, keyof PostFormState> = {
  authorId: "authorId",
  createdAt: "publishAt",
  image: "imageUrl",
  imageData: "upload",
  imageMimeType: "upload",
};

/** Every message the browser can give before sending, keyed as the server keys them. */
function validate(form: PostFormState): Record<string, string> {
  const parsed = blogPostInputSchema.safeParse(toRequestBody(form));
  const found = parsed.success ? {} : fieldErrors(parsed.error);
  if (!form.publishAt) found.createdAt = "Publish date is required";
  return found;
}

/**
 * The editor's field errors: those the browser finds before sending and those the server answers. They clear as
 * their field becomes valid (and update as it changes), not only on the next submit; a server's error stays until
 * its field is changed.
 */
export function usePostFormErrors(form: PostFormState) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The form as it was when the errors were shown.
  const errorsFor = useRef<PostFormState>(form);

  useEffect(() => {
    setErrors((shown) => {
      const keys = Object.keys(shown);
      if (keys.length === 0) return shown;
      const now = validate(form);
      const next: Record<string, string> = {};
      for (const key of keys) {
        const formKey = FORM_KEY[key] ?? (key as keyof PostFormState);
        if (now[key]) next[key] = now[key];
        else if (!(formKey in form) || form[formKey] === errorsFor.current[formKey]) next[key] = shown[key]!;
      }
      return Object.keys(next).length === keys.length && keys.every((k) => next[k] === shown[k]) ? shown : next;
    });
  }, [form]);

  const showErrors = (found: Record<string, string>) => {
    errorsFor.current = form;
    setErrors(found);
  };
  return { errors, showErrors, validate };
}
