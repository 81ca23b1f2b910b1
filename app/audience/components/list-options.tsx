import { LIST_LABELS, LISTS } from "../lists";

/** The mailing lists as a select's options, by their names. */
export function ListOptions() {
  return LISTS.map((l) => (
    <option key={l} value={l}>
      {LIST_LABELS[l]}
    </option>
  ));
}
