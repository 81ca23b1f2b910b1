import { MailWarning } from "lucide-react";

export type PublicMailHold = { held: number; hourlyBudget: number };

/** Told on the dashboard when the public forms' hourly mail budget is spent and their mail waits. */
export function PublicMailNotice({ hold }: { hold: PublicMailHold }) {
  if (hold.held === 0) return null;
  return (
    <section role="status" aria-labelledby="public-mail-held" className="rounded-xl border border-amber-300 bg-amber-50 p-5">
      <h2 id="public-mail-held" className="flex items-center gap-2 text-lg font-bold">
        <MailWarning aria-hidden="true" className="size-5 text-amber-700" />
        Form mail on hold
      </h2>
      <p className="mt-2 text-sm text-slate-800" data-testid="public-mail-held">
        {`${hold.held} ${hold.held === 1 ? "e-mail" : "e-mails"} from the public forms ${hold.held === 1 ? "waits" : "wait"}: more than ${hold.hourlyBudget} were asked for within an hour (PUBLIC_MAIL_HOURLY_BUDGET). They go out in the next hours; a sudden burst may be someone abusing the forms.`}
      </p>
    </section>
  );
}
