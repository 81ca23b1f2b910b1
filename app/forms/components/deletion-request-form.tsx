import { CheckCircle2, MailCheck } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { ToastProvider, useToast } from "~/components/ui/toast";
import {
  CORRECT_STATEMENT,
  DELETION_LINK_HOURS,
  INCORRECT_STATEMENT_ALERT,
  SECURITY_STATEMENTS,
  deletionRequestSchema,
} from "~/forms/deletion-request";
import { useJsonSubmit, useSchemaForm, type FormValues } from "~/forms/use-schema-form";
import { FormNotice, HoneypotField, InputField } from "./fields";
import type { ServerResult } from "./advertising-form";

export const DELETION_TOAST = "Verification Email Sent";
const DELETION_ERROR = "There was an error sending your request. Please try again.";
const EMPTY: FormValues = { firstName: "", email: "", phone: "", captchaVerified: false, confirmDelete: false };

export function DeletionRequestForm({ serverResult }: { serverResult?: ServerResult }) {
  return (
    <ToastProvider>
      <DeletionRequestFormBody serverResult={serverResult} />
    </ToastProvider>
  );
}

function DeletionRequestFormBody({ serverResult }: { serverResult?: ServerResult }) {
  const toast = useToast();
  const initial = useMemo(() => {
    if (!serverResult || serverResult.ok) return EMPTY;
    const { securityAnswer: _answer, ...values } = serverResult.values;
    return { ...EMPTY, ...values };
  }, [serverResult]);
  const form = useSchemaForm(deletionRequestSchema, initial, serverResult?.errors);
  const [sentTo, setSentTo] = useState<string | null>(serverResult?.ok ? "" : null);
  const [answer, setAnswer] = useState("");
  const { submitting, onSubmit } = useJsonSubmit(form, {
    url: "/api/data-deletion-requests",
    body: (request) => request,
    defaultError: DELETION_ERROR,
    onSuccess: (request) => {
      setSentTo(request.email);
      toast({ title: DELETION_TOAST, description: `Check ${request.email} for the link to confirm your request.` });
    },
  });
  const { values, errors } = form;

  function choose(statement: string) {
    if (statement !== CORRECT_STATEMENT) {
      window.alert(INCORRECT_STATEMENT_ALERT);
      setAnswer("");
      form.setValue("captchaVerified", false);
      return;
    }
    setAnswer(statement);
    form.setValue("captchaVerified", true);
  }

  if (sentTo !== null) {
    return (
      <div role="status" className="mt-6 rounded-2xl border border-emerald-300 bg-emerald-50 p-6 text-emerald-950">
        <MailCheck aria-hidden="true" className="h-8 w-8 text-emerald-700" />
        <h3 className="mt-3 text-xl font-bold">Verification email sent</h3>
        <p className="mt-2 leading-7">
          We sent a verification email{sentTo ? ` to ${sentTo}` : ""}. Open the link in it and press "Confirm deletion" to confirm your
          request. The link expires in {DELETION_LINK_HOURS} hours.
        </p>
        <Link to="/" className="btn btn-primary mt-5">
          Return to Home
        </Link>
      </div>
    );
  }

  const text = form.bind;
  const verified = values.captchaVerified === true;

  return (
    <form ref={form.formRef} method="post" action="/delete-my-data" noValidate onSubmit={onSubmit} className="mt-6 grid gap-5">
      {serverResult && !serverResult.ok && serverResult.message ? (
        <FormNotice tone="error" title="Error">
          {serverResult.message}
        </FormNotice>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField id="del-first-name" label="First name" autoComplete="given-name" required {...text("firstName")} />
        <InputField id="del-phone" label="Phone number" type="tel" autoComplete="tel" required {...text("phone")} />
        <InputField
          id="del-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          className="sm:col-span-2"
          hint="The address linked to your account: the verification link is sent there."
          {...text("email")}
        />
      </div>
      <fieldset
        data-field="captchaVerified"
        tabIndex={-1}
        aria-describedby={errors.captchaVerified ? "del-captcha-error" : undefined}
        className="rounded-xl border border-slate-300 p-4"
      >
        {/* Floated, the legend is laid out inside the box: a wrapped legend would straddle its top border. */}
        <legend className="float-left w-full text-sm font-semibold text-slate-900">Security check: which statement is true?</legend>
        <div className="clear-left grid gap-2 pt-2">
          {SECURITY_STATEMENTS.map((s) => (
            <label
              key={s.id}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input type="radio" name="securityAnswer" value={s.id} checked={answer === s.id} onChange={() => choose(s.id)} className="size-4" />
              <span>{s.text}</span>
            </label>
          ))}
        </div>
        {verified ? (
          <p role="status" className="mt-3 flex items-center gap-2 text-sm font-semibold text-emerald-800">
            <CheckCircle2 aria-hidden="true" className="size-4" />
            Verified
          </p>
        ) : null}
        {errors.captchaVerified ? (
          <p id="del-captcha-error" className="mt-3 text-sm font-medium text-red-700">
            {errors.captchaVerified}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-1.5">
        <label className="flex items-start gap-3 text-slate-900">
          <input
            type="checkbox"
            name="confirmDelete"
            checked={values.confirmDelete === true}
            onChange={(e) => form.setValue("confirmDelete", e.target.checked)}
            aria-invalid={errors.confirmDelete ? true : undefined}
            aria-describedby={errors.confirmDelete ? "del-confirm-error" : undefined}
            className="mt-1 size-4"
          />
          <span>I understand that deleting my account removes all of my data permanently and cannot be undone.</span>
        </label>
        {errors.confirmDelete ? (
          <p id="del-confirm-error" className="text-sm font-medium text-red-700">
            {errors.confirmDelete}
          </p>
        ) : null}
      </div>
      <HoneypotField idPrefix="del" />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? "Processing..." : "Delete My Data"}
        </button>
        <Link to="/" className="btn btn-secondary">
          Cancel
        </Link>
      </div>
    </form>
  );
}
