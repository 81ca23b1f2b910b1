import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { useAdminTask } from "~/admin/admin-action";
import { FormError } from "~/components/ui/form-error";
import { TextField } from "~/components/ui/text-field";
import type { SecurityOverview } from "~/auth/two-factor/settings.server";
import { useAdminSession } from "~/admin/admin-api";
import { RecoveryCodesList } from "./recovery-codes-list";
import { TotpSetup } from "./totp-setup";
import { PanelSection } from "~/admin/components/panel-section";

/** A member's authenticator app (TOTP) and recovery codes, and the owner's requirement for all staff. */
export function TwoFactorSettings({ overview, canSetPolicy }: { overview: SecurityOverview; canSetPolicy: boolean }) {
  const revalidator = useRevalidator();
  const { totp } = overview;
  return (
    <PanelSection
      id="two-factor-heading"
      title="Two-factor sign-in"
      look="card"
      intro={
        <>
          {totp.enabled
            ? `On: sign-in asks for a code from your authenticator app. ${totp.recoveryCodesLeft} of 10 recovery codes left.`
            : "Off: your password alone signs you in. Add a code from an authenticator app on your phone."}
        </>
      }
    >
      {totp.enabled ? <ManageTotp /> : <TotpSetup doneLabel="Done" onDone={() => void revalidator.revalidate()} />}
      {canSetPolicy ? <PolicySwitch required={overview.requiredForAllStaff} /> : null}
    </PanelSection>
  );
}

/** New recovery codes, or turning the app off: each asks for a current code first. */
function ManageTotp() {
  const { adminFetch: call } = useAdminSession();
  const [codes, setCodes] = useState<string[] | null>(null);
  const task = useAdminTask({ inline: true });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const code = String(new FormData(form).get("code") ?? "");
    if (submitter?.value === "off") {
      await task.run(() => call("/api/admin/two-factor", { method: "DELETE", json: { code } }));
      return;
    }
    const made = await task.run(() =>
      call<{ recoveryCodes: string[] }>("/api/admin/two-factor/recovery-codes", { method: "POST", json: { code } }),
    );
    if (!made) return;
    setCodes(made.value.recoveryCodes);
    // A code is taken once: the field is left empty for the next one.
    form.reset();
  }

  return (
    <div className="grid gap-4">
      {codes ? <RecoveryCodesList codes={codes} /> : null}
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <TextField
          id="totp-manage-code"
          className="sm:max-w-xs"
          label="Code from your authenticator app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={7}
        />
        <FormError message={task.problem} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" value="codes" className="btn btn-secondary" disabled={task.busy}>
            Make new recovery codes
          </button>
          <button type="submit" value="off" className="btn btn-secondary" disabled={task.busy}>
            Turn off two-factor sign-in
          </button>
        </div>
      </form>
    </div>
  );
}

function PolicySwitch({ required }: { required: boolean }) {
  const { adminFetch: call } = useAdminSession();
  const task = useAdminTask({ inline: true });
  const toggle = () =>
    void task.run(() => call("/api/admin/two-factor/policy", { method: "PUT", json: { requiredForAllStaff: !required } }));
  return (
    <div className="grid gap-2 border-t border-slate-200 pt-4">
      <h3 className="font-semibold">For all staff</h3>
      <p className="text-sm text-slate-600">
        {required
          ? "Required: staff without a second factor set one up right after their password, before anything else."
          : "Not required: each member chooses."}
      </p>
      <button type="button" className="btn btn-secondary justify-self-start" onClick={toggle} disabled={task.busy}>
        {required ? "Stop requiring two-factor sign-in" : "Require two-factor sign-in for all staff"}
      </button>
      <FormError message={task.problem} />
    </div>
  );
}
