import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { contentVersions } from "~/content-versions.server";
import { pageHandleOf, type PageCachePolicy, type PageHandle } from "~/core/page-handle";
import { VersionedCache } from "~/core/versioned-cache";

export type PagePolicy = PageHandle & { pageCache?: PageCachePolicy };

/**
 * What each address's route says about its page (its `handle`, see app/core/page-handle.ts),
 * read from the server build: the pages themselves declare what may be cached, on which content
 * it depends, and what is private; nothing here lists paths.
 */
export function pagePolicies(build: ServerBuild): (pathname: string) => PagePolicy {
  const byId = new Map<string, RouteObject & { children: RouteObject[]; handle?: unknown }>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    byId.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      handle: route.module.handle,
      children: [],
    } as RouteObject & { children: RouteObject[] });
  }
  const roots: RouteObject[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = byId.get(route.id)!;
    if (route.parentId) byId.get(route.parentId)?.children.push(node);
    else roots.push(node);
  }
  for (const node of byId.values()) {
    const versions = (node.handle as PageHandle | undefined)?.pageCache?.versions ?? [];
    for (const name of versions) if (!contentVersions[name]) throw new Error(`Route ${node.id} names an unknown content version "${name}"`);
  }

  // Matching costs microseconds; remembering it keeps hits to one map lookup. Bounded like any cache.
  const memo = new VersionedCache<PagePolicy>({ maxBytes: 2 * 1024 * 1024, sizeOf: () => 64 });
  return (pathname) =>
    memo.getOrMakeSync(pathname, "", () => {
      const matches = matchRoutes(roots, pathname) ?? [];
      return pageHandleOf(matches.map((match) => match.route.handle));
    });
}

/** The current version of the content a page shows (the deploy's is part of every cache key already). */
export function versionOf(names: readonly string[] | undefined): string | Promise<string> {
  if (!names || names.length === 0) return "";
  if (names.length === 1) return contentVersions[names[0]!]!();
  return Promise.all(names.map((name) => contentVersions[name]!())).then((versions) => versions.join("|"));
}
