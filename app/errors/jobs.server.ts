import { defineJobType } from "~/core/jobs/jobs.server";
import { sendIssueAlert } from "./alerts.server";
import { ALERT_JOB } from "./capture.server";

/** The owners' e-mail about a new error issue, queued when the issue is first seen. */
export function registerErrorJobs(): void {
  defineJobType(ALERT_JOB, sendIssueAlert, { maxAttempts: 3 });
}
