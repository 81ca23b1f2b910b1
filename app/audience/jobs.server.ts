import { defineJobType, enqueueJob } from "~/core/jobs/jobs.server";
import { onPostEvent } from "~/blog/writing/post-events";
import { BROADCAST_START_JOB, broadcastMailing, startScheduled, type StartPayload } from "./broadcast-mail.server";
import { POST_LIVE_JOB, postMail, startPostMail } from "./post-mail.server";

/** The lists' jobs: the two sources of the list-mail engine (list-mail.server.ts), new posts and broadcasts. */
export function registerAudienceJobs(): void {
  // A post published as news starts its mailing (not an import's posts).
  onPostEvent("new-post-mail", async (db, event) => {
    if (event.kind === "published" && event.news)
      await enqueueJob(db, POST_LIVE_JOB, { postId: event.post.id }, { idempotencyKey: `post-live:${event.post.id}` });
  });
  defineJobType<{ postId: number }>(POST_LIVE_JOB, async ({ postId }) => void (await startPostMail(postId)));
  postMail.define();
  defineJobType<StartPayload>(BROADCAST_START_JOB, startScheduled);
  broadcastMailing.define();
}
