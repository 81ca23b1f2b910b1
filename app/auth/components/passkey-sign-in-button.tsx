import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { safeReturnAddress } from "~/auth/return-address";
import { fetchJson as call } from "~/admin/admin-api";
import { passkeyErrorText } from "./call-json";
import { FormError } from "~/components/ui/form-error";

/**
 * Signs in with a passkey: without a password on the sign-in card, or as the second step of a
 * pending sign-in (the server then asks only for that member's passkeys). Shown once the browser
 * says it can do WebAuthn (never in the server's HTML, which cannot know).
 */
// Not "Sign in with a passkey": every test and script that finds the form's "Sign In" button by name
// (a substring match) would then find two.
// The same word as the Security page's "Add a passkey"; `hint` says what it does where the button stands alone.
export function PasskeySignInButton({ label = "Use a passkey", hint }: { label?: string; hint?: string }) {
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  if (!supported) return null;

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const { options } = await call<{ options: Parameters<typeof startAuthentication>[0]["optionsJSON"] }>(
        "/api/admin/passkeys/authentication-options",
        { method: "POST" },
      );
      const response = await startAuthentication({ optionsJSON: options });
      await call("/api/admin/passkeys/sign-in", { method: "POST", json: { response } });
      // A full load: the admin's pages read the new session on the server.
      window.location.assign(safeReturnAddress(new URLSearchParams(window.location.search).get("redirectTo") ?? "/admin"));
    } catch (caught) {
      setError(passkeyErrorText(caught));
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-2">
      <button
        type="button"
        className="btn btn-secondary"
        onClick={signIn}
        disabled={busy}
        aria-describedby={hint ? "passkey-sign-in-hint" : undefined}
      >
        <KeyRound aria-hidden="true" className="size-4" />
        {busy ? "Waiting for your passkey..." : label}
      </button>
      {hint ? (
        <p id="passkey-sign-in-hint" className="text-center text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      <FormError message={error} />
    </div>
  );
}
