import { describe, expect, it } from 'vitest';
import { storageKey } from '@/lib/storage';
import {
  DEFAULT_COLUMN_VISIBILITY,
  hiddenColumnIds,
  isDefaultColumnVisibility,
  normalizeColumnVisibility,
  readColumnVisibility,
  storeColumnVisibility,
  visibilityHiding,
} from './column-visibility';

describe('column visibility', () => {
  it('starts with the main columns shown, the extra ones hidden, and User never listed', () => {
    expect(readColumnVisibility()).toEqual(DEFAULT_COLUMN_VISIBILITY);
    expect(DEFAULT_COLUMN_VISIBILITY.score_percent).toBe(false);
    expect(DEFAULT_COLUMN_VISIBILITY.status).toBe(true);
    // The email is under the name in the User cell: its own column waits in the menu.
    expect(DEFAULT_COLUMN_VISIBILITY.user_email).toBe(false);
    expect(DEFAULT_COLUMN_VISIBILITY.username).toBeUndefined();
  });

  it('remembers a choice in this browser, a default column hidden included', () => {
    storeColumnVisibility({ ...DEFAULT_COLUMN_VISIBILITY, quiz_count: true, status: false });
    expect(readColumnVisibility()).toEqual({ ...DEFAULT_COLUMN_VISIBILITY, quiz_count: true, status: false });
    expect(localStorage.getItem(storageKey('course-stats-columns'))).toContain('"status":false');
  });

  it('forgets the choice once it is the defaults again', () => {
    storeColumnVisibility({ ...DEFAULT_COLUMN_VISIBILITY, deadline: false });
    storeColumnVisibility({ ...DEFAULT_COLUMN_VISIBILITY });
    expect(localStorage.getItem(storageKey('course-stats-columns'))).toBeNull();
    expect(readColumnVisibility()).toEqual(DEFAULT_COLUMN_VISIBILITY);
  });

  it('ignores stored entries for User or unknown columns', () => {
    expect(normalizeColumnVisibility({ username: false, made_up: true, id: true, status: false })).toEqual({
      ...DEFAULT_COLUMN_VISIBILITY,
      id: true,
      status: false,
    });
    expect(isDefaultColumnVisibility({ username: false, made_up: true })).toBe(true);
  });
});

describe('hidden columns, as a saved view and its link keep them', () => {
  it('lists the hidden columns of a choice in column order', () => {
    expect(hiddenColumnIds({ ...DEFAULT_COLUMN_VISIBILITY, score: false, user_email: false, id: true })).toEqual([
      'user_email',
      'score',
      'completed',
      'success',
      'quiz_count',
      'score_percent',
      'progress_percent',
      'user_id',
      'course_session_id',
    ]);
  });

  it('makes the choice that hides exactly the columns given, and round-trips', () => {
    const visibility = visibilityHiding(['score', 'username', 'bogus']);
    expect(visibility.score).toBe(false);
    expect(visibility.id).toBe(true);
    expect(visibility.username).toBeUndefined();
    expect(Object.keys(visibility)).not.toContain('bogus');
    expect(hiddenColumnIds(visibility)).toEqual(['score']);
    expect(hiddenColumnIds(visibilityHiding([]))).toEqual([]);
  });
});
