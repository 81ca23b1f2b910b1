import type { Route } from "./+types/system";
import { sectionMeta } from "~/admin/sections";
import { preloadAnswers, requireSection } from "~/admin/sections.server";
import { PreloadedAnswersProvider } from "~/admin/preloaded-answers";
import { loader as systemApi } from "~/routes/ops/api.admin.system";
import { SectionHeading } from "~/admin/components/admin-shell";
import { JobsPanel } from "~/admin/components/jobs-panel";
import { jobsOverview } from "~/core/job-admin.server";
import { PublicMailNotice } from "~/forms/components/public-mail-notice";
import { heldPublicMail } from "~/forms/public-mail.server";
import { MailHealth } from "~/mail/components/mail-health";
import { outboxHealth } from "~/mail/outbox.server";
import { SystemPanel } from "~/ops/components/system-panel";
import { RetentionSummary } from "~/privacy/components/retention-summary";
import { lastRetentionRun } from "~/privacy/retention.server";

export const meta: Route.MetaFunction = () => sectionMeta("system");

// The site's machinery in one place: its vital signs and backups, outgoing mail, background jobs, data retention.
export async function loader(args: Route.LoaderArgs) {
  const { staff } = await requireSection(args.request, "system");
  const [mail, jobs, retention, publicMail, answers] = await Promise.all([
    outboxHealth(),
    jobsOverview(10),
    lastRetentionRun(),
    heldPublicMail(),
    preloadAnswers(args, [{ url: "/api/admin/system", loader: systemApi }]),
  ]);
  return { owner: staff.role === "owner", mail, jobs, retention, publicMail, answers };
}

export default function SystemSection({ loaderData }: Route.ComponentProps) {
  const { owner, mail, jobs, retention, publicMail, answers } = loaderData;
  return (
    <PreloadedAnswersProvider answers={answers}>
      <SectionHeading title="System" />
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <SystemPanel owner={owner} />
        <div className="grid content-start gap-6">
          <PublicMailNotice hold={publicMail} />
          <MailHealth health={mail} />
          <JobsPanel overview={jobs} />
          <RetentionSummary run={retention} />
        </div>
      </div>
    </PreloadedAnswersProvider>
  );
}
