import { z } from "~/core/text/zod";

/** Paged, searched, sorted admin lists: the query's common parts and the answer's shape. */

export const ADMIN_PAGE_SIZE = 20;

/** A page number from a query string; anything odd is the first page. */
export const pageNumberSchema = z.coerce.number().int().min(1).max(1_000_000).catch(1);

/** Search text from a query string, bounded. */
export const searchTextSchema = z.string().trim().max(200).catch("");

export type PageOf<T> = { items: T[]; total: number; page: number; pageSize: number; pageCount: number };

export function pageCount(total: number, pageSize = ADMIN_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** One page of an already filtered and sorted list; a page past the end is the last page. */
export function pageOf<T>(all: readonly T[], page: number, pageSize = ADMIN_PAGE_SIZE): PageOf<T> {
  const pages = pageCount(all.length, pageSize);
  const current = Math.min(page, pages);
  return { items: all.slice((current - 1) * pageSize, current * pageSize), total: all.length, page: current, pageSize, pageCount: pages };
}
