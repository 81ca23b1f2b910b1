/** A new post's e-mails as the admin sees them (issue 51, decision record 0077). */
export type PostMailingState = "sending" | "paused" | "cancelled" | "done";
export type PostMailing = {
  postId: number;
  title: string;
  state: PostMailingState;
  pausedReason: string | null;
  attempted: number;
  bounced: number;
  complained: number;
};
export const POST_MAILING_STATE_LABELS: Record<PostMailingState, string> = {
  sending: "Sending",
  paused: "Paused",
  cancelled: "Cancelled",
  done: "Done",
};
