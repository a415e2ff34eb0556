/** mulberry32: a tiny seeded PRNG, so the demo data is the same on every run and every machine. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export class Random {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  float(): number {
    return this.next();
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** count distinct items, in random order (partial Fisher–Yates). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = items.slice();
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i += 1) {
      const j = this.int(i, copy.length - 1);
      const a = copy[i];
      const b = copy[j];
      if (a === undefined || b === undefined) throw new Error('sample index out of range');
      copy[i] = b;
      copy[j] = a;
    }
    return copy.slice(0, n);
  }

  shuffle<T>(items: readonly T[]): T[] {
    return this.sample(items, items.length);
  }
}
