/**
 * `compute`, worked out once per object: a later call with the same object gives what the first gave, kept beside
 * the object for as long as it lives (a WeakMap). For what is derived from objects that never change, such as the
 * rows in the query cache, which are counted, filtered and collected again each time more of them come in.
 */
export function oncePerObject<K extends object, V extends object | string | number | boolean | null>(
  compute: (key: K) => V,
): (key: K) => V {
  const known = new WeakMap<K, V>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      value = compute(key);
      known.set(key, value);
    }
    return value;
  };
}
