// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { changesCatalogs } from './strings';

const { en, ru } = changesCatalogs;

describe('the changes region’s words', () => {
  it('signs a progress change with a plus or a real minus, and 0 unsigned', () => {
    expect([15, -5, 0].map(en.delta)).toEqual(['+15', '\u22125', '0']);
    expect(ru.delta(-1234)).toBe(`\u2212${ru.count(1234)}`);
  });

  it('counts the points gained in each language’s plural', () => {
    expect(en.pointsInTotal(1)).toBe('+1 point in total');
    expect(en.pointsInTotal(1234)).toBe('+1,234 points in total');
    expect(ru.pointsInTotal(1)).toBe('всего +1\u00a0пункт');
    expect(ru.pointsInTotal(3)).toBe('всего +3\u00a0пункта');
    expect(ru.pointsInTotal(1235)).toBe(`всего +${ru.count(1235)}\u00a0пунктов`);
  });
});
