/**
 * Which `value` a controlled editor is handed is its own text coming back (an echo of what it reported) and
 * which is a text set from outside (a restored draft, a revision taken back), which must replace what it shows.
 *
 * Not only the newest report can come back: React runs an effect after its commit, and a keystroke can land in
 * between, so the effect then sees the older text while the editor already reported a newer one. Taken for a
 * text from outside, that older echo replaced the whole text: the keystroke was lost and the caret went to the
 * start (CI, post-editor.spec: "he bar at night" typed at the top, its "T" gone). So every report not yet seen
 * back is remembered, oldest first, and forgotten once a newer one has come back.
 */
export function ownEchoes(initial: string, keep = 50) {
  let reported = [initial];
  return {
    /** The editor reported this text (its onChange). */
    reported(text: string): void {
      reported.push(text);
      // A parent that never hands the value back must not make this grow without end.
      if (reported.length > keep) reported = reported.slice(-keep);
    },
    /** True when `value` is one of the editor's own reports; false for a text from outside, now the one shown. */
    isEcho(value: string): boolean {
      const at = reported.lastIndexOf(value);
      if (at < 0) {
        reported = [value];
        return false;
      }
      reported = reported.slice(at);
      return true;
    },
  };
}
