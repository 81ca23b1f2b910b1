import { defineJobType, defineSchedule } from "~/core/jobs/jobs.server";
import { runRetention } from "./retention.server";

/** The daily enforcement of docs/privacy.md (app/privacy/retention.ts). */
const RETENTION_JOB = "privacy.retention";

export function registerPrivacyJobs(): void {
  defineJobType(RETENTION_JOB, async () => {
    await runRetention();
  });
  // Early in the site's night, once across every instance.
  defineSchedule("privacy-retention", { dailyAt: "03:30" }, RETENTION_JOB);
}
