/**
 * `compute`, worked out once per object and kept beside it while it lives (a WeakMap). For what is derived from objects
 * that never change, such as the cached rows, counted, filtered and collected again each time more come in.
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
