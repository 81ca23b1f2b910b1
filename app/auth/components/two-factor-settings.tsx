import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { TextField } from "~/components/ui/text-field";
import type { SecurityOverview } from "~/auth/two-factor/settings.server";
import { problemText, SessionExpiredError, useAdminSession } from "~/admin/admin-api";
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
      {totp.enabled ? <ManageTotp onChanged={() => revalidator.revalidate()} /> : <TotpSetup doneLabel="Done" onDone={() => revalidator.revalidate()} />}
      {canSetPolicy ? <PolicySwitch required={overview.requiredForAllStaff} onChanged={() => revalidator.revalidate()} /> : null}
    </PanelSection>
  );
}

/** New recovery codes, or turning the app off: each asks for a current code first. */
function ManageTotp({ onChanged }: { onChanged: () => void }) {
  const { adminFetch: call } = useAdminSession();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    setBusy(true);
    setError(null);
    try {
      if (submitter?.value === "off") {
        await call("/api/admin/two-factor", { method: "DELETE", json: { code } });
        onChanged();
      } else {
        setCodes((await call<{ recoveryCodes: string[] }>("/api/admin/two-factor/recovery-codes", { method: "POST", json: { code } })).recoveryCodes);
        onChanged();
      }
    } catch (caught) {
      if (!(caught instanceof SessionExpiredError)) setError(problemText(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-4">
      {codes ? <RecoveryCodesList codes={codes} /> : null}
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <TextField id="totp-manage-code" className="sm:max-w-xs" label="Code from your authenticator app" name="code" inputMode="numeric" autoComplete="one-time-code" required maxLength={7} />
        {error ? <p role="alert" className="text-sm font-medium text-red-800">{error}</p> : null}
        <div className="flex flex-wrap gap-2">
          <button type="submit" value="codes" className="btn btn-secondary" disabled={busy}>
            Make new recovery codes
          </button>
          <button type="submit" value="off" className="btn btn-secondary" disabled={busy}>
            Turn off two-factor sign-in
          </button>
        </div>
      </form>
    </div>
  );
}

function PolicySwitch({ required, onChanged }: { required: boolean; onChanged: () => void }) {
  const { adminFetch: call } = useAdminSession();
  const [error, setError] = useState<string | null>(null);
  async function toggle() {
    setError(null);
    try {
      await call("/api/admin/two-factor/policy", { method: "PUT", json: { requiredForAllStaff: !required } });
      onChanged();
    } catch (caught) {
      if (!(caught instanceof SessionExpiredError)) setError(problemText(caught));
    }
  }
  return (
    <div className="grid gap-2 border-t border-slate-200 pt-4">
      <h3 className="font-semibold">For all staff</h3>
      <p className="text-sm text-slate-600">
        {required
          ? "Required: staff without a second factor set one up right after their password, before anything else."
          : "Not required: each member chooses."}
      </p>
      <button type="button" className="btn btn-secondary justify-self-start" onClick={toggle}>
        {required ? "Stop requiring two-factor sign-in" : "Require two-factor sign-in for all staff"}
      </button>
      {error ? <p role="alert" className="text-sm font-medium text-red-800">{error}</p> : null}
    </div>
  );
}
