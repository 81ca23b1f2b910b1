import { useState, type FormEvent } from "react";
import { TextField } from "~/components/ui/text-field";
import { problemText, SessionExpiredError, useJsonCall } from "~/admin/admin-api";
import { RecoveryCodesList } from "./recovery-codes-list";

type Setup = { otpauthUrl: string; secret: string; qrSvg: string };

/**
 * Setting up an authenticator app: a QR code drawn by the server, the otpauth:// text beside it for
 * anyone who cannot scan, and a code to confirm before it is on. Then the recovery codes, once.
 */
export function TotpSetup({ onDone, doneLabel }: { onDone: () => void; doneLabel: string }) {
  // On the Security page an ended session opens the sign-in-again dialog; on the sign-in step there is none.
  const call = useJsonCall();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function begin() {
    setBusy(true);
    setError(null);
    try {
      setSetup(await call<Setup>("/api/admin/two-factor/setup", { method: "POST" }));
    } catch (caught) {
      if (!(caught instanceof SessionExpiredError)) setError(problemText(caught));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const code = String(new FormData(event.currentTarget).get("code") ?? "");
      const result = await call<{ recoveryCodes: string[] }>("/api/admin/two-factor/confirm", { method: "POST", json: { code } });
      setCodes(result.recoveryCodes);
    } catch (caught) {
      if (!(caught instanceof SessionExpiredError)) setError(problemText(caught));
    } finally {
      setBusy(false);
    }
  }

  if (codes) {
    return (
      <div className="grid gap-4">
        <p role="status" className="font-semibold text-emerald-800">
          Two-factor sign-in is on.
        </p>
        <RecoveryCodesList codes={codes} />
        <button type="button" className="btn btn-primary justify-self-start" onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    );
  }
  if (!setup) {
    return (
      <div className="grid gap-3">
        <button type="button" className="btn btn-primary justify-self-start" onClick={begin} disabled={busy}>
          Set up an authenticator app
        </button>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-slate-700">
        <li>Scan the QR code with an authenticator app (1Password, Google Authenticator, Authy...).</li>
        <li>Type the 6-digit code the app shows to confirm.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-4">
        <div
          role="img"
          aria-label="QR code for your authenticator app"
          className="size-44 shrink-0 rounded-lg border border-slate-200 bg-white p-1 [&>svg]:size-full"
          // The server's own SVG (the qrcode package's output), not user input.
          dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
        />
        <div className="grid min-w-0 flex-1 basis-56 gap-1 text-sm">
          <p className="font-semibold">Cannot scan? Enter this key in the app:</p>
          <code className="break-all rounded bg-slate-100 px-2 py-1 font-mono" data-testid="totp-secret">
            {setup.secret}
          </code>
          <p className="mt-2 font-semibold">Or open this address on the device with the app:</p>
          <a href={setup.otpauthUrl} className="break-all font-mono text-brand-700 underline" data-testid="otpauth-url">
            {setup.otpauthUrl}
          </a>
        </div>
      </div>
      <form onSubmit={confirm} className="grid gap-3 sm:max-w-xs" noValidate>
        <TextField
          id="totp-confirm-code"
          label="Code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={7}
        />
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Turn on two-factor sign-in
        </button>
      </form>
    </div>
  );
}
