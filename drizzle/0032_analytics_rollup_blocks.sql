-- Existing rollups are one day each (span 1). The column comes first: the new key names it.
ALTER TABLE "analytics_rollups" ADD COLUMN "span" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_rollups" DROP CONSTRAINT "analytics_rollups_day_dimension_pk";--> statement-breakpoint
ALTER TABLE "analytics_rollups" ADD CONSTRAINT "analytics_rollups_day_span_dimension_pk" PRIMARY KEY("day","span","dimension");
--> statement-breakpoint
-- A block's figures are read whole on every report: kept uncompressed (no pglz to undo in PGlite's WebAssembly).
ALTER TABLE "analytics_rollups" ALTER COLUMN "figures" SET STORAGE EXTERNAL;
