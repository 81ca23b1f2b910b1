import { MailWarning, MailCheck } from "lucide-react";
import { SideCard } from "~/admin/components/side-card";
import { formatDateTime } from "~/core/text/dates";

export type MailHealthData = { undelivered: number; lastError: string | null; nextAttemptAt: string | null };

/** The dashboard's view of the mail outbox: how many messages wait, and the mail server's last refusal. */
export function MailHealth({ health }: { health: MailHealthData }) {
  const ok = health.undelivered === 0;
  return (
    <SideCard
      id="mail-health"
      icon={ok ? <MailCheck aria-hidden="true" className="size-5" /> : <MailWarning aria-hidden="true" className="size-5 text-amber-700" />}
      title="Outgoing mail"
      warn={!ok}
    >
      <p className="mt-2 text-sm text-slate-800" data-testid="undelivered-mail">
        {ok ? "All mail delivered." : `${health.undelivered} undelivered ${health.undelivered === 1 ? "message" : "messages"}`}
      </p>
      {health.lastError ? (
        <div className="mt-2 text-sm text-slate-800">
          <p className="font-semibold">Last error</p>
          <p className="break-words">{health.lastError}</p>
          {health.nextAttemptAt ? (
            <p className="mt-1 text-slate-700">
              Next attempt <time dateTime={health.nextAttemptAt}>{formatDateTime(health.nextAttemptAt)}</time>
            </p>
          ) : null}
        </div>
      ) : null}
    </SideCard>
  );
}
