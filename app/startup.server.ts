import { seedDemoPosts } from "~/blog/seed.server";
import type { Env } from "~/core/env.server";
import { startDiscoverability } from "~/discoverability/startup.server";
import { startOutboxWorker } from "~/mail/worker.server";
import { seedDemoVenues } from "~/venues/seed.server";
import { startOps } from "~/ops/startup.server";

/**
 * Work that runs once at start, after migrations and before the first request
 * (for example seeding demo content). Each feature adds its task here; a task may
 * return a stop function, which runs at shutdown before the database closes.
 */
type Stop = () => Promise<void>;
const tasks: Array<(env: Env) => Promise<void | Stop>> = [
  seedDemoPosts,
  async (env) => startOutboxWorker(env).stop,
  startDiscoverability,
  seedDemoVenues,
  startOps,
];

const stops: Stop[] = [];

export async function runStartupTasks(env: Env): Promise<void> {
  for (const task of tasks) {
    const stop = await task(env);
    if (stop) stops.push(stop);
  }
}

/** Stops background work (the mail worker finishes the message it is sending). */
export async function runShutdownTasks(): Promise<void> {
  for (const stop of stops.splice(0).reverse()) await stop();
}
