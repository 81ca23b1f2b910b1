/**
 * A closed set of values and what each is called, written once as `{ value: "Label" }`: the values tuple
 * (in the object's order, ready for `z.enum` and for lists) and the label map come from the same object, so
 * a value can never lack its label. Keys must not look like integers: JavaScript would move them to the front.
 */
export function labelledValues<const Labels extends Record<string, string>>(labels: Labels) {
  type Value = keyof Labels & string;
  return {
    values: Object.keys(labels) as readonly Value[] as readonly [Value, ...Value[]],
    labels: labels as Readonly<Record<Value, string>>,
    is: (value: unknown): value is Value => typeof value === "string" && Object.hasOwn(labels, value),
  };
}
