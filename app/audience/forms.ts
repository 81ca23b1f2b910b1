import type { PublicForm } from "~/forms/public-forms";
import { HONEYPOT_FIELD } from "~/forms/submission-fields";
import { SIGNUP_ACCEPTED, blogSignupSchema, waitlistSignupSchema } from "./lists";

/**
 * The lists' HTML forms (posted without JavaScript to /early-access and /subscribe), described for the
 * public forms' page action (app/forms/public-form.server.ts): the same schema as the JSON API.
 */
/** Both lists answer a sign-up alike: the API takes the signup as posted, and a panel says to check the inbox. */
const SIGNUP_ANSWERS = {
  body: <T extends object>(signup: T) => signup,
  busyLabel: "Sending...",
  sent: { title: "Check your inbox", description: SIGNUP_ACCEPTED },
  defaultError: "There was an error sending your sign-up. Please try again.",
  afterSuccess: "panel",
} as const;

export const waitlistForm: PublicForm<typeof waitlistSignupSchema> = {
  schema: waitlistSignupSchema,
  text: ["email", "city", "platform", "page", HONEYPOT_FIELD],
  checkboxes: ["blog"],
  api: "/api/waitlist",
  ...SIGNUP_ANSWERS,
};

export const blogForm: PublicForm<typeof blogSignupSchema> = {
  schema: blogSignupSchema,
  text: ["email", "page", HONEYPOT_FIELD],
  // The HTML form has no list field: it is the blog's.
  prepare: (values) => ({ ...values, lists: ["blog"] }),
  api: "/api/subscriptions",
  ...SIGNUP_ANSWERS,
};
