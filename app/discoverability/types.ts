import type { VITAL_THRESHOLDS, VitalName, VitalRating } from "./vitals";

/** What GET /api/crawler-stats, GET /api/ai-indexing-status and POST /api/submit-sitemap answer (spec section 3). */
type CrawlerStatus = "active" | "inactive" | "never seen";
export type VitalSummary = { p75: number; rating: VitalRating; samples: number };
export type FieldVitals = {
  rating: VitalRating | "No data";
  metrics: Partial<Record<VitalName, VitalSummary>>;
  pages: Array<{ page: string; rating: VitalRating | "No data"; metrics: Partial<Record<VitalName, VitalSummary>> }>;
  daily: Array<{ day: string; metric: VitalName; p75: number; samples: number }>;
  thresholds: typeof VITAL_THRESHOLDS;
  days: number;
};

export type CrawlerStatsResponse = {
  indexing_status: { total_pages: number; indexed_pages: number; ai_optimized_pages: number };
  performance_metrics: { core_web_vitals: VitalRating | "No data"; field_data: FieldVitals };
  crawler_activity: Record<
    string,
    {
      last_visit: string | null;
      status: CrawlerStatus;
      pages_crawled: number;
      verified_pages_crawled: number;
      operator: string;
      kind: "search" | "ai";
    }
  >;
  crawler_visits_daily: Array<{ day: string; crawler: string; verified: number; claimed: number }>;
};

export type AiIndexingStatusResponse = {
  verification_endpoints: string[];
  ai_training_contexts: string[];
  indexing_instructions: Record<string, string>;
};

export type SubmitSitemapResponse = { submissions: { main_sitemap: Array<{ engine: string; success: boolean }> } };
