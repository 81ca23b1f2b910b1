import { formatDateTime } from "~/core/text/dates";
import type { DomainReport, RecordState } from "../domain-records";

const STATE_LABELS: Record<RecordState, string> = { right: "Right", wrong: "Wrong", missing: "Missing", unknown: "Not known" };
const STATE_STYLES: Record<RecordState, string> = {
  right: "bg-emerald-100 text-emerald-900",
  wrong: "bg-red-100 text-red-900",
  missing: "bg-amber-100 text-amber-900",
  unknown: "bg-slate-200 text-slate-900",
};

/**
 * The sending domain's SPF, DKIM and DMARC records (issue 51) as the `mail.domain-check` job last found them:
 * each right, wrong (and why) or missing (with the record to add), and the DKIM record to publish.
 */
export function MailDomainSection({ report }: { report: DomainReport | null }) {
  return (
    <section aria-labelledby="mail-domain-heading">
      <h2 id="mail-domain-heading" className="text-xl font-bold">
        Mail domain
      </h2>
      {!report ? (
        <p className="mt-1 text-sm text-slate-700">
          Not checked yet: the records are checked at start and every 6 hours once mail is sent over SMTP or signed.{" "}
          <code>npm run doctor -- mail</code> checks them now.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            {report.domain}, checked <time dateTime={report.checkedAt}>{formatDateTime(report.checkedAt)}</time> (again every 6 hours).
          </p>
          <ul className="mt-3 grid gap-3">
            {report.checks.map((check) => (
              <li key={check.name} className="rounded-lg border border-slate-200 p-3">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{check.name}</span>
                  <span className={`rounded px-2 py-0.5 text-sm font-medium ${STATE_STYLES[check.state]}`}>
                    {STATE_LABELS[check.state]}
                  </span>
                </p>
                <p className="mt-1 text-sm break-words text-slate-800">{check.detail}</p>
                {check.add && check.state !== "right" ? (
                  <p className="mt-1 text-sm break-all text-slate-800">
                    Add a TXT record at <code>{check.add.name}</code>: <code>{check.add.value}</code>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          {report.publish ? (
            <p className="mt-3 text-sm break-all text-slate-800">
              DKIM record to publish (TXT) at <code>{report.publish.name}</code>: <code>{report.publish.value}</code>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
