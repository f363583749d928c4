/**
 * A text field's value and change handler, by its name in the form's values: `<Input {...bind("reason")} />`.
 * `patch` applies a change to the values (a state setter's merge, or a filter bar's `set`).
 */
export function binder<V extends object>(values: V, patch: (change: Partial<V>) => void) {
  return <K extends keyof V & string>(name: K) => ({
    value: values[name] as V[K] & string,
    onValue: (value: string) => patch({ [name]: value } as Partial<V>),
  });
}

/** The `patch` of a form whose values are one state: merges the change into the current values. */
export const merging =
  <V>(setValues: (update: (current: V) => V) => void) =>
  (change: Partial<V>) =>
    setValues((current) => ({ ...current, ...change }));
