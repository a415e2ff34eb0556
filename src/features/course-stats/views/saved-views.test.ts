import { describe, expect, it, vi } from 'vitest';
import { storageKey } from '@/lib/storage';
import { DEFAULT_SEARCH, parseCourseStatsSearch, type CourseStatsSearch } from '../params/course-stats-search';
import {
  deleteView,
  readSavedViews,
  renameView,
  saveView,
  SAVED_VIEWS_LIMIT,
  viewPath,
  type SavedViewsResult,
} from './saved-views';

const SEARCH: CourseStatsSearch = {
  ...DEFAULT_SEARCH,
  courseSessionId: 70,
  page: 3,
  perPage: 50,
  sort: [{ id: 'progress', desc: true }],
  all: true,
  q: 'anna',
  quick: ['overdue', 'inactive'],
};

function viewsOf(result: SavedViewsResult) {
  return result.status === 'ok' ? result.views : [];
}

describe('saved views', () => {
  it('keeps a view as the page link, without the page number, and the hidden columns', () => {
    const [view] = viewsOf(
      saveView(
        { name: '  Overdue   this week ', courseId: 7, search: SEARCH, hiddenColumns: ['score', 'email'] },
        1000,
      ),
    );
    expect(view).toMatchObject({
      name: 'Overdue this week',
      courseId: 7,
      path: '/courses/7/stats?course_session_id=70&per_page=50&sort=progress.desc&all=1&q=anna&quick=overdue,inactive',
      savedAt: 1000,
    });
    expect(readSavedViews()).toEqual([view]);
    // Opening it restores the view exactly, from page 1.
    const query = new URLSearchParams(view?.path.split('?')[1]);
    expect(parseCourseStatsSearch(query).search).toEqual({ ...SEARCH, page: 1 });
  });

  it('lists the newest first', () => {
    saveView({ name: 'A', courseId: 7, search: DEFAULT_SEARCH, hiddenColumns: [] });
    saveView({ name: 'B', courseId: 8, search: DEFAULT_SEARCH, hiddenColumns: [] });
    saveView({ name: 'C', courseId: 7, search: SEARCH, hiddenColumns: [] });
    expect(readSavedViews().map((view) => view.name)).toEqual(['C', 'B', 'A']);
  });

  it('replaces a view of the same course saved under the same name, case aside', () => {
    saveView({ name: 'Mine', courseId: 7, search: DEFAULT_SEARCH, hiddenColumns: [] });
    saveView({ name: 'Mine', courseId: 8, search: DEFAULT_SEARCH, hiddenColumns: [] });
    saveView({ name: 'MINE', courseId: 7, search: SEARCH, hiddenColumns: [] });
    expect(readSavedViews().map((view) => [view.name, view.courseId])).toEqual([
      ['MINE', 7],
      ['Mine', 8],
    ]);
  });

  it('refuses an empty or overlong name', () => {
    expect(saveView({ name: '   ', courseId: 7, search: SEARCH, hiddenColumns: [] })).toEqual({
      status: 'invalid-name',
    });
    expect(saveView({ name: 'x'.repeat(101), courseId: 7, search: SEARCH, hiddenColumns: [] })).toEqual({
      status: 'invalid-name',
    });
    expect(readSavedViews()).toEqual([]);
  });

  it('renames and deletes a view', () => {
    const [first] = viewsOf(saveView({ name: 'First', courseId: 7, search: SEARCH, hiddenColumns: [] }));
    const [second] = viewsOf(saveView({ name: 'Second', courseId: 7, search: SEARCH, hiddenColumns: [] }));
    if (!first || !second) throw new Error('not saved');
    expect(viewsOf(renameView(first.id, ' Renamed ')).map((view) => view.name)).toEqual(['Second', 'Renamed']);
    expect(renameView(first.id, 'second')).toEqual({ status: 'name-taken' });
    expect(renameView(first.id, '')).toEqual({ status: 'invalid-name' });
    expect(renameView('missing', 'Any')).toEqual({ status: 'not-found' });
    expect(viewsOf(deleteView(second.id)).map((view) => view.name)).toEqual(['Renamed']);
    expect(deleteView(second.id)).toEqual({ status: 'not-found' });
    expect(readSavedViews().map((view) => view.name)).toEqual(['Renamed']);
  });

  it(`keeps at most ${SAVED_VIEWS_LIMIT}, dropping the oldest`, () => {
    for (let index = 0; index <= SAVED_VIEWS_LIMIT; index += 1) {
      saveView({ name: `View ${index}`, courseId: 7, search: DEFAULT_SEARCH, hiddenColumns: [] });
    }
    const names = readSavedViews().map((view) => view.name);
    expect(names).toHaveLength(SAVED_VIEWS_LIMIT);
    expect(names[0]).toBe(`View ${SAVED_VIEWS_LIMIT}`);
    expect(names).not.toContain('View 0');
  });

  it('drops what is not a view, and tidies what it keeps, when reading hand-edited storage', () => {
    const good = {
      id: 'a',
      name: 'Good',
      path: '/courses/7/stats?quick=nonsense,overdue&page=4',
      hiddenColumns: ['score', 'user', 'bogus', 'score'],
      savedAt: 1,
    };
    window.localStorage.setItem(
      storageKey('saved-views'),
      JSON.stringify([
        good,
        { ...good, id: 'b', path: '//evil.example/courses/7/stats' },
        { ...good, id: 'c', path: '/courses/0/stats' },
        { ...good, id: 'd', name: '   ' },
        { ...good, id: 'e', savedAt: 'yesterday' },
        'nonsense',
      ]),
    );
    expect(readSavedViews()).toEqual([
      {
        id: 'a',
        name: 'Good',
        courseId: 7,
        path: '/courses/7/stats?quick=overdue',
        hiddenColumns: ['score'],
        savedAt: 1,
      },
    ]);
    window.localStorage.setItem(storageKey('saved-views'), '{not json');
    expect(readSavedViews()).toEqual([]);
  });

  it('leaves out only the page when making a view of the defaults', () => {
    expect(viewPath(12, { ...DEFAULT_SEARCH, page: 9 })).toBe('/courses/12/stats');
  });

  it('says so when the browser would not store the view', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(saveView({ name: 'Mine', courseId: 7, search: SEARCH, hiddenColumns: [] })).toEqual({
      status: 'not-stored',
    });
    expect(readSavedViews()).toEqual([]);
  });
});
