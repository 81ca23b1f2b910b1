import { daysBefore, monthsBefore, utcDay } from "~/core/text/utc-days";
import { labelledValues } from "~/core/text/labelled-values";

/**
 * How long the site keeps each kind of personal data (docs/privacy.md is the same list in words). Pure:
 * the retention service (retention.server.ts) turns these cut-offs into deletions once a day.
 */
const DELIVERED_MAIL_KEPT_DAYS = 30;
export const CRAWLER_VISITS_KEPT_DAYS = 90;
const WEB_VITALS_KEPT_DAYS = 28;
/** Visitor analytics' daily counts (no personal data, but a record of visits): 25 months, a year beside a year. */
export const ANALYTICS_KEPT_MONTHS = 25;
/** Mailing-list sign-ups never confirmed (app/audience): erased after a week. */
export const UNCONFIRMED_SUBSCRIBERS_KEPT_DAYS = 7;
/** Who was sent a broadcast (app/audience): erased this long after it finished; its report keeps the numbers. */
const BROADCAST_DELIVERIES_KEPT_DAYS = 90;
/** Error events (app/errors: page path, browser family, request id), and issues not seen since: 30 days. */
const ERRORS_KEPT_DAYS = 30;

/** The rules, and what the dashboard calls each. */
export const { values: RETENTION_RULES, labels: RETENTION_RULE_LABELS } = labelledValues({
  resolvedSubmissions: "Resolved submissions",
  deliveredMail: "Delivered e-mails",
  deliveredMailFiles: "Delivered e-mail files",
  crawlerVisits: "Crawler visits",
  webVitals: "Web-vitals samples",
  analyticsCounts: "Visitor counts (25 months)",
  analyticsSalts: "Visitor salts and hashes of past days",
  analyticsVisitSteps: "Visitors' page and goal steps (25 months)",
  expiredSessions: "Expired admin sessions",
  expiredRateLimits: "Expired rate-limit counters",
  expiredDeletionRequests: "Deletion requests expired",
  erasedDeletionRequests: "Expired deletion requests erased",
  unconfirmedSubscribers: "Mailing-list sign-ups never confirmed (7 days)",
  broadcastDeliveries: "Who was sent each broadcast (90 days)",
  errorEvents: "Error events (30 days)",
  errorIssues: "Error issues not seen for 30 days",
});
type RetentionRule = (typeof RETENTION_RULES)[number];

export type RetentionCutoffs = {
  /** Resolved before this: erased. */
  resolvedSubmissions: Date;
  /** Delivered before this: the row (address and text) erased. */
  deliveredMail: Date;
  crawlerVisits: Date;
  webVitals: Date;
  /** Days before this one: their analytics counts erased. */
  analyticsCounts: string;
  /** Days before this one (today, UTC): their salt and visitor hashes erased. */
  today: string;
  /** Sessions, rate-limit counters and deletion links that ran out before this. */
  expiredNow: Date;
  /** Expired deletion requests that expired before this: erased. */
  erasedDeletionRequests: Date;
  /** Mailing-list sign-ups still unconfirmed that were made before this: erased. */
  unconfirmedSubscribers: Date;
  /** Broadcasts finished before this: their delivery rows (who was sent it) erased. */
  broadcastDeliveries: Date;
  /** Error events that occurred before this, and issues last seen before it: erased. */
  errors: Date;
};

export function retentionCutoffs(now: Date, submissionsMonths: number, expiredRequestKeptDays: number): RetentionCutoffs {
  return {
    resolvedSubmissions: monthsBefore(now, submissionsMonths),
    deliveredMail: daysBefore(now, DELIVERED_MAIL_KEPT_DAYS),
    crawlerVisits: daysBefore(now, CRAWLER_VISITS_KEPT_DAYS),
    webVitals: daysBefore(now, WEB_VITALS_KEPT_DAYS),
    analyticsCounts: utcDay(monthsBefore(now, ANALYTICS_KEPT_MONTHS)),
    today: utcDay(now),
    expiredNow: now,
    erasedDeletionRequests: daysBefore(now, expiredRequestKeptDays),
    unconfirmedSubscribers: daysBefore(now, UNCONFIRMED_SUBSCRIBERS_KEPT_DAYS),
    broadcastDeliveries: daysBefore(now, BROADCAST_DELIVERIES_KEPT_DAYS),
    errors: daysBefore(now, ERRORS_KEPT_DAYS),
  };
}

export type RetentionCounts = Record<RetentionRule, number>;
