import type { Route } from "./+types/system";
import { sectionHeading, sectionMeta } from "~/admin-sections";
import { requireSection } from "~/admin-sections.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { JobsPanel } from "~/admin/components/jobs-panel";
import { jobsOverview } from "~/core/jobs/job-admin.server";
import { PublicMailNotice } from "~/forms/components/public-mail-notice";
import { heldPublicMail } from "~/forms/public-mail.server";
import { MailHealth } from "~/mail/components/mail-health";
import { outboxHealth } from "~/mail/outbox.server";
import { SystemPanel } from "~/ops/components/system-panel";
import { systemOverview } from "~/ops/system.server";
import { RetentionSummary } from "~/privacy/components/retention-summary";
import { PurgeSummary } from "~/cdn/components/purge-summary";
import { cdnStatus } from "~/cdn/purge-job.server";
import { lastRetentionRun } from "~/privacy/retention.server";

export const meta: Route.MetaFunction = () => sectionMeta("system");

// The site's machinery in one place: its vital signs and backups, outgoing mail, background jobs, data retention.
export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireSection(request, "system");
  const [system, mail, jobs, retention, publicMail, cdn] = await Promise.all([
    systemOverview(),
    outboxHealth(),
    jobsOverview(10),
    lastRetentionRun(),
    heldPublicMail(),
    cdnStatus(),
  ]);
  return { owner: staff.role === "owner", system, mail, jobs, retention, publicMail, cdn };
}

export default function SystemSection({ loaderData }: Route.ComponentProps) {
  const { owner, system, mail, jobs, retention, publicMail, cdn } = loaderData;
  return (
    <>
      <SectionHeading title={sectionHeading("system")} />
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <SystemPanel owner={owner} data={system} />
        <div className="grid content-start gap-6">
          <PublicMailNotice hold={publicMail} />
          <MailHealth health={mail} />
          <JobsPanel overview={jobs} />
          <RetentionSummary run={retention} />
          <PurgeSummary status={cdn} />
        </div>
      </div>
    </>
  );
}
