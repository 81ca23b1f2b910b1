import { featureEvents, type PersonalEvent } from "~/core/database/feature-events";

/** A new enquiry (contact or advertising, not a deletion request put in the inbox): the webhooks' submission.created. */
export const submissionCreated = featureEvents<PersonalEvent>();
