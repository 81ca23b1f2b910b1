import { CheckCircle2, MailCheck } from "lucide-react";
import { CORRECT_STATEMENT, DELETION_LINK_HOURS, SECURITY_STATEMENTS } from "~/forms/deletion-request";
import { fieldState, type ServerResult } from "./contact-form";
import { FormScript } from "./form-script";
import { ErrorSlot, FormNotice, HoneypotField, InputField } from "./fields";

/**
 * The data-deletion request of /delete-my-data: plain HTML that posts to the page; its script checks it,
 * answers the security widget at once and sends it as JSON, then shows the panel from the template below.
 */
export function DeletionRequestForm({ serverResult }: { serverResult?: ServerResult }) {
  if (serverResult?.ok) return <SentPanel />;
  const field = fieldState(serverResult);
  const failed = serverResult && !serverResult.ok ? serverResult : undefined;
  const answered = failed?.values.securityAnswer === CORRECT_STATEMENT;
  return (
    <>
      <form method="post" action="/delete-my-data" noValidate data-public-form="deletion" className="mt-6 grid gap-5">
        {failed?.message ? (
          <FormNotice tone="error" title="Error">
            {failed.message}
          </FormNotice>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField id="del-first-name" label="First name" autoComplete="given-name" required {...field("firstName")} />
          <InputField id="del-phone" label="Phone number" type="tel" autoComplete="tel" required {...field("phone")} />
          <InputField
            id="del-email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            className="sm:col-span-2"
            hint="The address linked to your account: the verification link is sent there."
            {...field("email")}
          />
        </div>
        <fieldset
          data-field="captchaVerified"
          tabIndex={-1}
          aria-describedby={failed?.errors.captchaVerified ? "del-captcha-error" : undefined}
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
                <input
                  type="radio"
                  name="securityAnswer"
                  value={s.id}
                  defaultChecked={answered && s.id === CORRECT_STATEMENT}
                  className="size-4"
                />
                <span>{s.text}</span>
              </label>
            ))}
          </div>
          <p data-verified role="status" hidden={!answered} className="mt-3 flex items-center gap-2 text-sm font-semibold text-emerald-800">
            <CheckCircle2 aria-hidden="true" className="size-4" />
            Verified
          </p>
          <ErrorSlot
            id="del-captcha-error"
            field="captchaVerified"
            error={failed?.errors.captchaVerified}
            className="mt-3 text-sm font-medium text-red-700"
          />
        </fieldset>
        <div className="grid gap-1.5">
          <label className="flex items-start gap-3 text-slate-900">
            <input
              type="checkbox"
              name="confirmDelete"
              defaultChecked={failed?.values.confirmDelete === true}
              aria-invalid={failed?.errors.confirmDelete ? true : undefined}
              aria-describedby={failed?.errors.confirmDelete ? "del-confirm-error" : undefined}
              className="mt-1 size-4"
            />
            <span>I understand that deleting my account removes all of my data permanently and cannot be undone.</span>
          </label>
          <ErrorSlot id="del-confirm-error" field="confirmDelete" error={failed?.errors.confirmDelete} />
        </div>
        <HoneypotField idPrefix="del" />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn btn-primary">
            Delete My Data
          </button>
          <a href="/" className="btn btn-secondary">
            Cancel
          </a>
        </div>
        <FormScript />
      </form>
      <template data-sent-panel="deletion">
        <SentPanel />
      </template>
    </>
  );
}

/** After the request: where the link went and for how long it works. `data-sent-to` gets the address when the script knows it. */
function SentPanel() {
  return (
    <div role="status" className="mt-6 rounded-2xl border border-emerald-300 bg-emerald-50 p-6 text-emerald-950">
      <MailCheck aria-hidden="true" className="h-8 w-8 text-emerald-700" />
      <h3 className="mt-3 text-xl font-bold">Verification email sent</h3>
      <p className="mt-2 leading-7">
        We sent a verification email
        <span data-sent-to />. Open the link in it and press "Confirm deletion" to confirm your request. The link expires in{" "}
        {DELETION_LINK_HOURS} hours.
      </p>
      <a href="/" className="btn btn-primary mt-5">
        Return to Home
      </a>
    </div>
  );
}
