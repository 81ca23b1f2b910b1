import { z } from "zod";

/**
 * A Clink backup: one gzip file of JSON lines, the same whichever database wrote it (decision record
 * 0012). Line 1 is the header; each table follows as a record naming its columns and row count, then
 * that many rows (one JSON object each, as PostgreSQL's row_to_json wrote it); then the sequences;
 * the last line is the manifest with every table's row count and SHA-256 of its row lines.
 */
export const BACKUP_FORMAT = "clink-backup";
export const BACKUP_FORMAT_VERSION = 1;

const migrationSchema = z.object({ tag: z.string().nullable(), when: z.number().int() });
export type MigrationMark = z.infer<typeof migrationSchema>;

export const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  appVersion: z.string(),
  migration: migrationSchema,
  database: z.enum(["pglite", "postgres"]),
  createdAt: z.iso.datetime(),
});
export type BackupHeader = z.infer<typeof headerSchema>;

export const tableRecordSchema = z.object({
  table: z.string().regex(/^[a-z_][a-z0-9_]*$/),
  columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)),
  rows: z.number().int().min(0),
});

export const sequencesRecordSchema = z.object({ sequences: z.record(z.string().regex(/^[a-z_][a-z0-9_]*$/), z.number().int().nullable()) });

export const manifestSchema = z.object({
  manifest: headerSchema.extend({
    tables: z.record(z.string(), z.object({ rows: z.number().int(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
  }),
});
export type BackupManifest = z.infer<typeof manifestSchema>["manifest"];

/** Tables ordered so each comes after the tables it references (a cycle keeps the remaining tables' order). */
export function dependencyOrder(tables: string[], references: Array<{ child: string; parent: string }>): string[] {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of references) if (child !== parent && parents.has(parent)) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    const next = ready.length > 0 ? ready : tables.filter((t) => !placed.has(t)).slice(0, 1);
    for (const t of next) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

/** `clink-backup-2026-11-23T03-00-00Z.jsonl.gz`: sorts by time, safe in every file system. */
/** The latest backup as the admin sees it. */
export type LastBackup = {
  status: string;
  startedAt: string;
  finishedAt: string | null;
  bytes: number | null;
  fileName: string | null;
  error: string | null;
};

export function backupFileName(at: Date): string {
  return `clink-backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-")}.jsonl.gz`;
}

export function isBackupFileName(name: string): boolean {
  return /^clink-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.jsonl\.gz$/.test(name);
}

/** The scheduled archives beyond the newest `keep`, to delete. */
export function backupsToPrune(names: string[], keep: number): string[] {
  return names.filter(isBackupFileName).sort().reverse().slice(keep);
}
