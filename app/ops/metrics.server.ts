import { timingSafeEqual } from "node:crypto";
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import type { RequestHandler } from "express";
import { sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { batchedWriters } from "~/core/limits/batched-writer.server";
import { databasePool, getDb } from "~/core/database/db.server";
import { diskState, writesRefusedForDisk } from "~/core/instance/disk-space.server";
import { getEnv } from "~/core/instance/env.server";
import { addResponseObserver } from "~/core/http/response-observers";
import { rowsOf } from "./backup/catalog.server";
import { isLocalRequest } from "./local-request";
import { routeClass } from "./route-class";

/**
 * The site's metrics in the Prometheus text format (prom-client): requests by route class and status,
 * latency, the front cache's hits and misses, the job queue, the database pool, and Node's own (memory,
 * event-loop delay). Job and pool figures are read when scraped, never kept up to date in between.
 */
export const registry = new Registry();
let started = false;

const requests = new Counter({
  name: "clink_http_requests_total",
  help: "Answered requests by route class and status",
  labelNames: ["route_class", "status"] as const,
  registers: [registry],
});
const latency = new Histogram({
  name: "clink_http_request_duration_seconds",
  help: "Time to answer, by route class (front cache hits included)",
  labelNames: ["route_class"] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});
const frontCache = new Counter({
  name: "clink_front_cache_requests_total",
  help: "Anonymous page requests answered from the front cache (hit) or rendered (miss)",
  labelNames: ["result"] as const,
  registers: [registry],
});

function databaseGauges() {
  new Gauge({
    name: "clink_jobs_queued",
    help: "Jobs waiting to run, by type",
    labelNames: ["type"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobStats()) this.set({ type: row.type }, Number(row.queued));
    },
  });
  new Gauge({
    name: "clink_jobs_oldest_queued_age_seconds",
    help: "Age of the oldest due job still waiting, by type",
    labelNames: ["type"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobStats()) this.set({ type: row.type }, Number(row.oldest_age ?? 0));
    },
  });
  new Gauge({
    name: "clink_jobs_dead",
    help: "Jobs that failed every attempt (kept for the admin), by type",
    labelNames: ["type"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobStats()) this.set({ type: row.type }, Number(row.dead));
    },
  });
  new Gauge({
    name: "clink_disk_free_bytes",
    help: "Free space on the disk of the data and backup folders (writes are refused under DISK_FLOOR_MB)",
    labelNames: ["folder"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const folder of diskState().folders) if (folder.freeBytes !== null) this.set({ folder: folder.name }, folder.freeBytes);
    },
  });
  new Gauge({
    name: "clink_degraded",
    help: "1 while writes are refused because a folder's disk is under its floor (/healthz says degraded)",
    registers: [registry],
    collect() {
      this.set(diskState().low ? 1 : 0);
    },
  });
  new Counter({
    name: "clink_writes_refused_disk_full_total",
    help: "Writes answered 507 because a folder's disk was under its floor, since the process started",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(writesRefusedForDisk());
    },
  });
  new Gauge({
    name: "clink_db_pool_connections",
    help: "PostgreSQL pool connections by state (absent on the embedded database)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = databasePool();
      if (!pool) return;
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });
}

/** The batched writers' buffers (crawler visits, web vitals): a database that falls behind shows here first. */
function batchedWriterMetrics() {
  new Gauge({
    name: "clink_batched_items_waiting",
    help: "Items waiting in this process's memory to be written in a batch, by writer",
    labelNames: ["writer"] as const,
    registers: [registry],
    collect() {
      for (const w of batchedWriters()) this.set({ writer: w.name }, w.size);
    },
  });
  new Counter({
    name: "clink_batched_items_dropped_total",
    help: "Items dropped because the writer's buffer was full (the database down or slow), by writer",
    labelNames: ["writer"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const w of batchedWriters()) this.inc({ writer: w.name }, w.dropped);
    },
  });
}

type JobStat = { type: string; queued: string | number; dead: string | number; oldest_age: string | number | null };
let jobStatsAt = 0;
let jobStatsValue: Promise<JobStat[]> = Promise.resolve([]);

/** One query per scrape for the three job gauges. */
function jobStats(): Promise<JobStat[]> {
  if (Date.now() - jobStatsAt > 1_000) {
    jobStatsAt = Date.now();
    jobStatsValue = rowsOf<JobStat>(
      getDb(),
      sql`select type, count(*) filter (where state = 'queued') as queued, count(*) filter (where state = 'dead') as dead,
          extract(epoch from now() - min(run_at) filter (where state = 'queued' and run_at <= now())) as oldest_age
          from jobs group by type`,
    ).catch(() => []);
  }
  return jobStatsValue;
}

/** This instance's event-loop delay since the System section's last sample (prom-client's own resets on every scrape). */
let loopDelay: IntervalHistogram | null = null;

/**
 * Totals since this process started, and the event-loop delay's p99 since the last sample, for the
 * System section. `endPeriod` (the sampling job) starts the next period of the delay's histogram.
 */
export async function instanceReadings(
  endPeriod: boolean,
): Promise<{ requests: number; serverErrors: number; cacheHits: number; cacheMisses: number; eventLoopP99Ms: number | null }> {
  const counted = (await requests.get()).values;
  const cache = (await frontCache.get()).values;
  type Value = { value: number; labels: Partial<Record<string, string | number>> };
  const sum = (values: Value[], keep: (labels: Value["labels"]) => boolean) =>
    values.filter((v) => keep(v.labels)).reduce((total, v) => total + v.value, 0);
  const p99 = loopDelay && loopDelay.count > 0 ? loopDelay.percentile(99) / 1e6 : null;
  if (endPeriod) loopDelay?.reset();
  return {
    requests: sum(counted, () => true),
    serverErrors: sum(counted, (labels) => String(labels.status).startsWith("5")),
    cacheHits: sum(cache, (labels) => labels.result === "hit"),
    cacheMisses: sum(cache, (labels) => labels.result === "miss"),
    eventLoopP99Ms: p99,
  };
}

/** Starts counting (once per process): Node's default metrics and an observer of every response. */
export function startMetrics(): void {
  if (started) return;
  started = true;
  loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  collectDefaultMetrics({ register: registry, prefix: "clink_" });
  databaseGauges();
  batchedWriterMetrics();
  addResponseObserver((info) => {
    const kind = routeClass(info.path);
    requests.inc({ route_class: kind, status: String(info.status) });
    if (info.durationMs !== undefined) latency.observe({ route_class: kind }, info.durationMs / 1000);
    if (info.method === "GET" && (kind === "page" || kind === "blog" || kind === "crawler-file"))
      frontCache.inc({ result: info.cacheHit ? "hit" : "miss" });
  });
}

function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice(7));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** GET /metrics: this machine (not through a proxy), or a scraper with METRICS_TOKEN. Never cached. */
export function metricsHandler(): RequestHandler {
  return async (req, res) => {
    res.set("Cache-Control", "no-store");
    if (!isLocalRequest(req.ip, req.headers) && !bearerMatches(req.get("authorization"), getEnv().METRICS_TOKEN)) {
      res.status(403).type("text/plain").send("Forbidden: /metrics answers this machine, or a scraper with METRICS_TOKEN.\n");
      return;
    }
    res.type(registry.contentType).send(await registry.metrics());
  };
}
