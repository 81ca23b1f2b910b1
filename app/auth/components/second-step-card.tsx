import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { BackToHome } from "~/components/marketing";
import type { PendingView } from "~/auth/two-factor/sign-in-steps.server";
import { PasskeySignInButton } from "./passkey-sign-in-button";
import { TotpSetup } from "./totp-setup";
import { FormError } from "~/components/ui/form-error";

type Result = { errors: Record<string, string>; message: string | null };

/** The sign-in's second step: a code from the app, a recovery code or a passkey; or, when required, setting the app up. */
export function SecondStepCard({ pending, redirectTo, actionData }: { pending: PendingView; redirectTo: string; actionData?: Result }) {
  const navigation = useNavigation();
  const [useRecovery, setUseRecovery] = useState(false);
  const busy = navigation.state !== "idle";
  const errors = actionData?.errors ?? {};
  return (
    <section className="container-page flex justify-center py-10 sm:py-16">
      <div className="grid w-full max-w-md gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight">
            {pending.stage === "setup" ? "Set up two-factor sign-in" : "Two-factor sign-in"}
          </h1>
          <p className="mt-1 break-words text-sm text-slate-600">
            {pending.stage === "setup"
              ? `Two-factor sign-in is required for all staff. Set it up for ${pending.email} to continue.`
              : `Your password was right. Confirm it is you, ${pending.email}.`}
          </p>
        </div>
        {pending.stage === "setup" ? (
          <TotpSetup doneLabel="Continue" onDone={() => window.location.assign(redirectTo)} />
        ) : (
          <>
            {pending.totp ? (
              <Form method="post" className="grid gap-4" noValidate>
                {useRecovery ? (
                  <TextField
                    id="recovery-code"
                    label="Recovery code"
                    name="recoveryCode"
                    autoComplete="off"
                    required
                    maxLength={20}
                    error={errors.recoveryCode ?? errors.code}
                  />
                ) : (
                  <TextField
                    id="totp-code"
                    label="Code from your authenticator app"
                    name="code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    required
                    maxLength={7}
                    error={errors.code}
                  />
                )}
                <FormError message={actionData?.message} />
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {busy ? "Checking..." : "Verify"}
                </button>
                <button
                  type="button"
                  className="justify-self-start text-sm font-semibold text-brand-700 underline"
                  onClick={() => setUseRecovery(!useRecovery)}
                >
                  {useRecovery ? "Use a code from your app instead" : "Use a recovery code instead"}
                </button>
              </Form>
            ) : null}
            {pending.passkeys ? <PasskeySignInButton label="Use a passkey" /> : null}
          </>
        )}
        <a href="/admin" className="text-sm font-semibold text-slate-700 underline">
          Start again with another account
        </a>
        <BackToHome />
      </div>
    </section>
  );
}
