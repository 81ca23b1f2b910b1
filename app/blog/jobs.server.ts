import { defineJobType, defineSchedule } from "~/core/jobs/jobs.server";
import { announcePostsGoneLive, GO_LIVE_JOB } from "./writing/go-live.server";
import { POST_HTML_JOB, runPostHtmlJob, type PostHtmlPayload } from "./reading/post-html-backfill.server";

/** The blog's background work: posts going live at their date (checked every minute), kept bodies rendered. */
export function registerBlogJobs(): void {
  defineJobType(GO_LIVE_JOB, async () => {
    await announcePostsGoneLive();
  });
  defineSchedule("blog-go-live", { everyMinutes: 1 }, GO_LIVE_JOB);
  defineJobType<PostHtmlPayload>(POST_HTML_JOB, runPostHtmlJob);
}
