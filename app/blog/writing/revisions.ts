import { diffLines } from "diff";
import type { PostSearchFields } from "../post/schema";

/**
 * Revisions of a post: what one keeps, which are thinned when there are too many, and how one compares
 * with the current text. Pure rules, shared by the service and its tests.
 */
const MAX_REVISIONS = 50;
/** The newest revisions are never thinned: the edits of the last sessions stay one by one. */
export const KEEP_NEWEST = 10;

/** The fields a revision keeps besides title, excerpt and content. */
export type RevisionFields = {
  author: string;
  category: string;
  tags: string[];
  imageAlt: string | null;
} & Partial<PostSearchFields>;

export type RevisionSummary = { id: number; createdAt: string; actorEmail: string; title: string; restoredFromId: number | null };
export type Revision = RevisionSummary & { excerpt: string; content: string; fields: RevisionFields };

/**
 * Which revisions to drop so that at most `max` remain (given newest first). The newest KEEP_NEWEST stay;
 * among the older, the one closest in time to its newer neighbour, relative to its age, goes first: so the
 * kept ones grow sparser with age (an hour apart last week, a month apart last year).
 */
export function revisionsToThin(revisions: ReadonlyArray<{ id: number; createdAt: number }>, now: number, max = MAX_REVISIONS): number[] {
  const kept = [...revisions];
  const dropped: number[] = [];
  while (kept.length > max) {
    let worst = -1;
    let worstScore = Infinity;
    for (let i = Math.min(KEEP_NEWEST, kept.length - 1); i < kept.length; i++) {
      const gap = kept[i - 1]!.createdAt - kept[i]!.createdAt;
      const age = Math.max(1, now - kept[i]!.createdAt);
      const score = gap / age;
      if (score < worstScore) {
        worstScore = score;
        worst = i;
      }
    }
    dropped.push(kept[worst]!.id);
    kept.splice(worst, 1);
  }
  return dropped;
}

type TextChange = { value: string; added: boolean; removed: boolean };

export type RevisionDiff = {
  title: { from: string; to: string } | null;
  excerpt: { from: string; to: string } | null;
  /** The content, line by line, from the revision to the current text. */
  content: TextChange[];
};

/** What changed from a revision to the current text (what a restore would undo). */
export function revisionDiff(
  revision: Pick<Revision, "title" | "excerpt" | "content">,
  current: { title: string; excerpt: string; content: string },
): RevisionDiff {
  const changed = (from: string, to: string) => (from === to ? null : { from, to });
  return {
    title: changed(revision.title, current.title),
    excerpt: changed(revision.excerpt, current.excerpt),
    content: diffLines(revision.content, current.content).map(({ value, added, removed }) => ({ value, added, removed })),
  };
}
