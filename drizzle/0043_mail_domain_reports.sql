CREATE TABLE "mail_domain_reports" (
	"id" integer PRIMARY KEY NOT NULL,
	"report" jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
