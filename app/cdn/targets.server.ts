import type { CdnTarget } from "~/core/instance/env-edge.server";
import type { Env } from "~/core/instance/env.server";
import { batches, MAX_INLINE_WAIT_MS, retryAfterMs, TAGS_PER_CALL } from "./batches";

/**
 * The purge calls of each target (decision record 0081), each batched to what the target takes:
 * - Cloudflare: POST {CLOUDFLARE_API_BASE}/client/v4/zones/{zone}/purge_cache {"tags": [...]}, a bearer token;
 * - Fastly: POST {FASTLY_API_BASE}/service/{id}/purge with the keys in Surrogate-Key, the token in Fastly-Key;
 * - Varnish: PURGE / at each VARNISH_PURGE_URLS with the keys in an xkey header (deploy/varnish/clink.vcl).
 * A 429 with a short Retry-After is waited out once within the attempt; anything else failing throws, and
 * the job runner retries the purge with back-off.
 */
class PurgeFailed extends Error {}

const TIMEOUT_MS = 10_000;

type Call = { url: string; init: RequestInit };

async function send(target: CdnTarget, call: Call, signal: AbortSignal): Promise<void> {
  for (let tries = 0; ; tries++) {
    let answer: Response;
    try {
      answer = await fetch(call.url, { ...call.init, signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]) });
    } catch (error) {
      throw new PurgeFailed(`${target}: ${(error as Error).message}`);
    }
    const text = await answer.text().catch(() => "");
    if (answer.status === 429 && tries === 0) {
      const wait = retryAfterMs(answer.headers.get("retry-after"));
      if (wait !== undefined && wait <= MAX_INLINE_WAIT_MS) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
    }
    if (!answer.ok)
      throw new PurgeFailed(`${target} answered ${answer.status}${answer.status === 429 ? " (rate limited)" : ""}: ${text.slice(0, 200)}`);
    // Cloudflare says 200 {"success": false} for some refusals.
    if (target === "cloudflare" && /"success"\s*:\s*false/.test(text))
      throw new PurgeFailed(`cloudflare refused the purge: ${text.slice(0, 200)}`);
    return;
  }
}

function calls(target: CdnTarget, tags: readonly string[], env: Env): Call[] {
  const groups = batches(tags, TAGS_PER_CALL[target]);
  switch (target) {
    case "cloudflare":
      return groups.map((group) => ({
        url: `${env.CLOUDFLARE_API_BASE}/client/v4/zones/${env.CLOUDFLARE_ZONE_ID}/purge_cache`,
        init: {
          method: "POST",
          headers: { authorization: `Bearer ${env.CLOUDFLARE_API_TOKEN}`, "content-type": "application/json" },
          body: JSON.stringify({ tags: group }),
        },
      }));
    case "fastly":
      return groups.map((group) => ({
        url: `${env.FASTLY_API_BASE}/service/${env.FASTLY_SERVICE_ID}/purge`,
        init: {
          method: "POST",
          headers: { "fastly-key": env.FASTLY_API_TOKEN!, "surrogate-key": group.join(" "), accept: "application/json" },
        },
      }));
    case "varnish":
      return env.VARNISH_PURGE_URLS.flatMap((base) =>
        groups.map((group) => ({ url: `${base}/`, init: { method: "PURGE", headers: { xkey: group.join(" ") } } })),
      );
  }
}

/** Purges `tags` at every configured target, one after the other; throws naming each target that failed. */
export async function purgeEverywhere(tags: readonly string[], env: Env, signal: AbortSignal): Promise<void> {
  const failures: string[] = [];
  for (const target of env.CDN_PURGE) {
    try {
      for (const call of calls(target, tags, env)) await send(target, call, signal);
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  if (failures.length > 0) throw new PurgeFailed(failures.join("; "));
}

/** Where purges go, for the System section: the targets and their addresses, never a token. */
export function purgeTargets(env: Env): Array<{ target: CdnTarget; where: string }> {
  return env.CDN_PURGE.map((target) => ({
    target,
    where:
      target === "cloudflare"
        ? `zone ${env.CLOUDFLARE_ZONE_ID} at ${env.CLOUDFLARE_API_BASE}`
        : target === "fastly"
          ? `service ${env.FASTLY_SERVICE_ID} at ${env.FASTLY_API_BASE}`
          : env.VARNISH_PURGE_URLS.join(", "),
  }));
}
