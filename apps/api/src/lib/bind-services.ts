/**
 * Routes receive services, never the database (issue 39 item 2). A module's service factory binds its
 * functions to what they are built from (the database, or a deps object that holds it), so a route
 * calls `alerts.getAlert(actor, id)` and holds no handle it could query through. The composition root
 * (src/composition/) builds each factory once and hands the result to the module's routes.
 */

/** `(first, ...rest) => R` with `first` given: `(...rest) => R`. */
export type BoundTo<First, F> = F extends (first: First, ...rest: infer A) => infer R
  ? (...rest: A) => R
  : never;

/** What `bindServices(first, functions)` returns: each function with its first parameter given. */
export type Bound<First, Functions> = { [K in keyof Functions]: BoundTo<First, Functions[K]> };

/** Binds every function's first parameter to `first` (the database, or the service's deps). */
export function bindServices<
  First,
  Functions extends Record<string, (first: First, ...rest: never[]) => unknown>,
>(first: First, functions: Functions): Bound<First, Functions> {
  const bound: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(functions)) {
    bound[name] = (...rest: never[]) => fn(first, ...rest);
  }
  return bound as Bound<First, Functions>;
}
