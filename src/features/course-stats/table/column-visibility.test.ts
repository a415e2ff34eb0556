import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COLUMN_VISIBILITY,
  normalizeColumnVisibility,
  readColumnVisibility,
  storeColumnVisibility,
} from './column-visibility';

describe('column visibility', () => {
  it('starts with every extra column hidden', () => {
    expect(readColumnVisibility()).toEqual(DEFAULT_COLUMN_VISIBILITY);
    expect(DEFAULT_COLUMN_VISIBILITY.score_percent).toBe(false);
    expect(DEFAULT_COLUMN_VISIBILITY.username).toBeUndefined();
  });

  it('remembers a choice', () => {
    storeColumnVisibility({ ...DEFAULT_COLUMN_VISIBILITY, quiz_count: true });
    expect(readColumnVisibility().quiz_count).toBe(true);
  });

  it('ignores stored entries for main or unknown columns', () => {
    expect(normalizeColumnVisibility({ username: false, made_up: true, id: true })).toEqual({
      ...DEFAULT_COLUMN_VISIBILITY,
      id: true,
    });
  });
});
