import { labelledValues } from "~/core/text/labelled-values";
import { daysAfter } from "~/core/text/utc-days";

/**
 * The life of a data-deletion request: requested (link e-mailed) -> verified (link confirmed) ->
 * completed (data erased); a request whose link is never used expires, and is erased some days later.
 */
export const { values: DELETION_STATES, labels: DELETION_STATE_LABELS } = labelledValues({
  requested: "Awaiting e-mail confirmation",
  verified: "Confirmed, to be deleted",
  completed: "Completed",
  expired: "Expired (never confirmed)",
});
export type DeletionState = (typeof DELETION_STATES)[number];

/** The verification link is good for this long; the request then expires. */
export const DELETION_LINK_HOURS = 24;
/** An expired (never confirmed) request is erased this many days after it expired. */
export const EXPIRED_REQUEST_KEPT_DAYS = 7;
/** The law's month: a verified request must be completed within this many days. */
const DELETION_DUE_DAYS = 30;

/** When a verified request must be completed by. */
export function deletionDueDate(verifiedAt: Date): Date {
  return daysAfter(verifiedAt, DELETION_DUE_DAYS);
}

/** What the completion e-mail reports, one count per kind of record erased. */
export type ErasureReport = { contactSubmissions: number; outboxMessages: number; outboxFiles: number };

/** One deletion request as the admin list shows it: never the person's data once completed. */
export type DeletionRequestRecord = {
  id: number;
  state: DeletionState;
  firstName: string | null;
  email: string | null;
  phone: string | null;
  requestedAt: string;
  verifiedAt: string | null;
  dueAt: string | null;
  completedAt: string | null;
  expiredAt: string | null;
};
