import { registerBroadcastJobs } from "./broadcast-mail.server";
import { registerPostMailJobs } from "./post-mail.server";

/** The lists' jobs: the two sources of the list-mail engine (list-mail.server.ts), new posts and broadcasts. */
export function registerAudienceJobs(): void {
  registerPostMailJobs();
  registerBroadcastJobs();
}
