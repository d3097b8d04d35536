// Runtime: the one way to bind a generated module to a parameters record. A module that no
// parameter reaches exports its registries at module level; one that a parameter reaches exports
// `DEFAULT_PARAMS` and `instance(params)`, which checks the values (a RangeError naming the fault)
// and returns the registries bound to them. The daemon, the clients, the CLI and the conformance
// suites all bind through here, so nothing reads a default where a value was given.

/** The parameters record of an instance: parameter names to values. */
export type ParamValues = Readonly<Record<string, number>>;

/** What binding needs of a generated `ts/<module>.ts` (loosely typed: any module's registries `R`). */
export interface BindableModule<R> {
  readonly DEFAULT_PARAMS?: ParamValues;
  readonly instance?: (params: ParamValues) => R;
}

/** The names in `values` that are no parameter of `mod`'s code (a module without parameters has none). */
export function unknownParams(mod: BindableModule<unknown>, values: ParamValues): readonly string[] {
  const known = mod.DEFAULT_PARAMS ?? {};
  return Object.keys(values).filter((k) => !(k in known));
}

const made = new WeakMap<object, Map<string, unknown>>();

/**
 * `mod` bound to `values`: its instance at the values of its own parameters (the names it does not
 * read are left out: they change none of its code; the rest keep their defaults), made once per
 * distinct record; a module without `instance` is its own binding. Throws the instance's
 * RangeError when a value is refused.
 */
export function bindInstance<R>(mod: BindableModule<R> & Partial<R>, values: ParamValues = {}): R {
  if (mod.instance === undefined) return mod as R;
  const known = mod.DEFAULT_PARAMS ?? {};
  const own = Object.fromEntries(Object.entries(values).filter(([k]) => k in known).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  let byRecord = made.get(mod);
  if (byRecord === undefined) made.set(mod, (byRecord = new Map()));
  const key = JSON.stringify(own);
  let bound = byRecord.get(key) as R | undefined;
  if (bound === undefined) byRecord.set(key, (bound = mod.instance(own)));
  return bound;
}
