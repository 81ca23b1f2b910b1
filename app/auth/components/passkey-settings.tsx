import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";
import { useEffect, useState, type FormEvent } from "react";
import { TextField } from "~/components/ui/text-field";
import type { SecurityOverview } from "~/auth/two-factor/settings.server";
import { formatDate } from "~/core/text/dates";
import { useAdminSession } from "~/admin/admin-api";
import { useAdminTask } from "~/admin/admin-action";
import { FormError } from "~/components/ui/form-error";
import { passkeyErrorText } from "./call-json";
import { PanelSection } from "~/admin/components/panel-section";

/** A member's passkeys: add one from this device, see when each was last used, remove one. */
export function PasskeySettings({ passkeys }: { passkeys: SecurityOverview["passkeys"] }) {
  const { adminFetch: call } = useAdminSession();
  const [supported, setSupported] = useState(true);
  // Refusals and a cancelled ceremony are said under the form, in the browser's or the server's words.
  const adding = useAdminTask({ inline: passkeyErrorText });
  const removing = useAdminTask({ inline: true });
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim() || "Passkey";
    const added = await adding.run(async () => {
      const { options } = await call<{ options: Parameters<typeof startRegistration>[0]["optionsJSON"] }>(
        "/api/admin/passkeys/registration-options",
        { method: "POST" },
      );
      const response = await startRegistration({ optionsJSON: options });
      await call("/api/admin/passkeys", { method: "POST", json: { name, response } });
    });
    if (added) form.reset();
  }

  const remove = (id: number) => void removing.run(() => call(`/api/admin/passkeys/${id}`, { method: "DELETE" }));

  return (
    <PanelSection
      id="passkeys-heading"
      title="Passkeys"
      look="card"
      intro={<>Sign in with your fingerprint, face or device PIN instead of a password. A passkey also counts as your second factor.</>}
    >
      {passkeys.length > 0 ? (
        <ul aria-label="Your passkeys" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <div className="min-w-0">
                <p className="break-words font-semibold">{p.name}</p>
                <p className="text-sm text-slate-600">
                  Added {formatDate(p.createdAt)}
                  {p.lastUsedAt ? `, last used ${formatDate(p.lastUsedAt)}` : ", not used yet"}
                </p>
              </div>
              <button type="button" className="btn btn-secondary" onClick={() => remove(p.id)} aria-label={`Remove passkey ${p.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No passkeys yet.</p>
      )}
      {supported ? (
        <form onSubmit={add} className="grid gap-3 sm:max-w-sm" noValidate>
          <TextField id="passkey-name" label="Name for this passkey" name="name" placeholder="e.g. Work laptop" maxLength={60} />
          <button type="submit" className="btn btn-primary justify-self-start" disabled={adding.busy}>
            {adding.busy ? "Waiting for your device..." : "Add a passkey"}
          </button>
        </form>
      ) : (
        <p className="text-sm text-slate-600">This browser cannot make passkeys.</p>
      )}
      <FormError message={adding.problem ?? removing.problem} />
    </PanelSection>
  );
}
