import type { ServerBuild } from "react-router";
import { contentVersions } from "~/content-versions.server";
import { routeHandles, type PageCachePolicy, type PageHandle } from "~/core/http/page-handle";
import { VersionedCache } from "~/core/caches/versioned-cache";

export type PagePolicy = PageHandle & { pageCache?: PageCachePolicy };

/**
 * What each address's route says about its page (its `handle`, see app/core/http/page-handle.ts),
 * read from the server build: the pages themselves declare what may be cached, on which content
 * it depends, and what is private; nothing here lists paths.
 */
export function pagePolicies(build: ServerBuild): (pathname: string) => PagePolicy {
  for (const route of Object.values(build.routes)) {
    const versions = (route?.module.handle as PageHandle | undefined)?.pageCache?.versions ?? [];
    for (const name of versions)
      if (!contentVersions[name]) throw new Error(`Route ${route!.id} names an unknown content version "${name}"`);
  }
  const handleOf = routeHandles(build.routes);

  // Matching costs microseconds; remembering it keeps hits to one map lookup. Bounded like any cache.
  const memo = new VersionedCache<PagePolicy>({ maxBytes: 2 * 1024 * 1024, sizeOf: () => 64 });
  return (pathname) => memo.getOrMakeSync(pathname, "", () => handleOf(pathname));
}
