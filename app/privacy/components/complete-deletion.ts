import type { AdminFetch } from "~/admin/admin-api";

/**
 * Marks a verified deletion request completed: the server erases what the site holds about the person and
 * tells them. Used from the requests' list and from the inbox card of the request's submission, with
 * `DELETION_COMPLETED` as the admin action's messages.
 */
export const completeDeletionRequest = (adminFetch: AdminFetch, requestId: number) =>
  adminFetch(`/api/admin/data-deletion-requests/${requestId}`, { method: "PATCH", json: { status: "completed" } });

export const DELETION_COMPLETED = {
  done: { title: "Deletion completed", description: "Their data is erased and they have been told by e-mail." },
  failed: "Failed to update status",
};
