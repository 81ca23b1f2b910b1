import { MailWarning } from "lucide-react";
import { SideCard } from "~/admin/components/side-card";

export type PublicMailHold = { held: number; hourlyBudget: number };

/** Told on the dashboard when the public forms' hourly mail budget is spent and their mail waits. */
export function PublicMailNotice({ hold }: { hold: PublicMailHold }) {
  if (hold.held === 0) return null;
  return (
    <SideCard
      role="status"
      id="public-mail-held"
      icon={<MailWarning aria-hidden="true" className="size-5 text-amber-700" />}
      title="Form mail on hold"
      warn
    >
      <p className="mt-2 text-sm text-slate-800" data-testid="public-mail-held">
        {`${hold.held} ${hold.held === 1 ? "e-mail" : "e-mails"} from the public forms ${hold.held === 1 ? "waits" : "wait"}: more than ${hold.hourlyBudget} were asked for within an hour (PUBLIC_MAIL_HOURLY_BUDGET). They go out in the next hours; a sudden burst may be someone abusing the forms.`}
      </p>
    </SideCard>
  );
}
