CREATE TABLE "analytics_rollups" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"figures" text NOT NULL,
	CONSTRAINT "analytics_rollups_day_dimension_pk" PRIMARY KEY("day","dimension")
);
