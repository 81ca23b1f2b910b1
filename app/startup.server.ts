import { seedDemoPosts } from "~/blog/seed.server";
import type { Env } from "~/core/env.server";
import { seedDemoVenues } from "~/venues/seed.server";

/**
 * Work that runs once at start, after migrations and before the first request
 * (for example seeding demo content). Each feature adds its task here.
 */
const tasks: Array<(env: Env) => Promise<void>> = [seedDemoPosts, seedDemoVenues];

export async function runStartupTasks(env: Env): Promise<void> {
  for (const task of tasks) await task(env);
}
