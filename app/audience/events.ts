import { featureEvents, type PersonalEvent } from "~/core/database/feature-events";

/** An address confirmed on a list: the webhooks' subscriber.confirmed. */
export const subscriberConfirmed = featureEvents<PersonalEvent>();
