// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LOCALES } from './i18n';
import { WARMED_UP_LOCALES } from './intl-warmup';

describe('the Intl warm-up', () => {
  it('covers every language of the interface', () => {
    expect([...WARMED_UP_LOCALES]).toEqual([...LOCALES]);
  });
});
