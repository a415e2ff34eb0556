import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sharedCatalogs } from '@/components/shared-strings';
import { AuthGate } from '@/features/auth/components/auth-gate';
import { renderGateIn } from '@/features/auth/auth-test-support';
import { authCatalogs } from '@/features/auth/strings';
import { changesCatalogs } from '@/features/course-stats/changes/strings';
import { fieldCatalogs } from '@/features/course-stats/fields/strings';
import { filterCatalogs } from '@/features/course-stats/filters/strings';
import { learnerCatalogs } from '@/features/course-stats/learner/strings';
import { overviewCatalogs } from '@/features/course-stats/overview/strings';
import { summaryCatalogs } from '@/features/course-stats/overview/summary-strings';
import { resultsCatalogs } from '@/features/course-stats/results/strings';
import { routeCatalogs } from '@/features/course-stats/routes/strings';
import { tableCatalogs } from '@/features/course-stats/table/strings';
import { triageCatalogs } from '@/features/course-stats/triage/strings';
import { viewsCatalogs } from '@/features/course-stats/views/strings';
import { wholeCourseCatalogs } from '@/features/course-stats/whole-course/strings';
import { deviceCatalogs } from '@/features/device/strings';
import { labelGroupsCatalogs } from '@/features/label-groups/strings';
import { LOCALES, type Locale } from '@/lib/i18n';
import { apiHandlers } from '@/testing/api-handlers';
import { server } from '@/testing/msw';
import { renderWithProviders } from '@/testing/render';
import { appCatalogs } from './strings';

/** Every catalog pair in the app: a new feature's catalog belongs here. */
const catalogs: Record<string, Record<Locale, unknown>> = {
  app: appCatalogs,
  auth: authCatalogs,
  courseStatsChanges: changesCatalogs,
  courseStatsFields: fieldCatalogs,
  courseStatsFilters: filterCatalogs,
  courseStatsLearner: learnerCatalogs,
  courseStatsOverview: overviewCatalogs,
  courseStatsSummary: summaryCatalogs,
  courseStatsResults: resultsCatalogs,
  courseStatsRoutes: routeCatalogs,
  courseStatsTable: tableCatalogs,
  courseStatsTriage: triageCatalogs,
  courseStatsViews: viewsCatalogs,
  courseStatsWholeCourse: wholeCourseCatalogs,
  device: deviceCatalogs,
  labelGroups: labelGroupsCatalogs,
  shared: sharedCatalogs,
};

/** The shape of a catalog: key paths, with functions marked so a string cannot stand in for a function. */
function shape(value: unknown, path = ''): string[] {
  if (typeof value === 'function') return [`${path}()/${value.length}`];
  if (typeof value === 'string') return value.trim() === '' ? [`${path}:EMPTY`] : [path];
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .flatMap(([key, child]) => shape(child, path ? `${path}.${key}` : key))
      .sort();
  }
  return [`${path}:${typeof value}`];
}

describe('message catalogs', () => {
  it.each(Object.entries(catalogs))('%s has the same keys in every language, none empty', (_name, pair) => {
    const english = shape(pair.en);
    expect(english.length).toBeGreaterThan(0);
    expect(english.filter((key) => key.endsWith(':EMPTY'))).toEqual([]);
    for (const locale of LOCALES) expect(shape(pair[locale])).toEqual(english);
  });

  it.each(Object.entries(catalogs))(
    '%s is really translated (most Russian texts differ from English)',
    (_name, pair) => {
      const flat = (value: unknown): string[] =>
        typeof value === 'string'
          ? [value]
          : typeof value === 'object' && value !== null
            ? Object.values(value).flatMap(flat)
            : [];
      const english = flat(pair.en);
      const russian = flat(pair.ru);
      const same = english.filter((text, i) => text === russian[i] && /[a-z]{3}/i.test(text));
      expect(same.length / Math.max(english.length, 1)).toBeLessThan(0.2);
    },
  );
});

describe('the sign-in screen in each language', () => {
  const serve = () =>
    server.use(
      http.get('/api/config', () => HttpResponse.json({ mode: 'demo', demoToken: 'demo' })),
      ...apiHandlers({ labelGroups: [] }),
    );

  it('renders in Russian', async () => {
    serve();
    renderGateIn('ru');
    expect(screen.getByLabelText('Токен доступа')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument();
    expect(await screen.findByText('Демо-режим')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ru');
  });

  it('switches language with the Language control and remembers the choice', async () => {
    serve();
    const user = userEvent.setup();
    renderGateIn('en');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ru');
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Language/ })).toHaveValue('ru');
    expect(window.localStorage.getItem('course-stats.locale')).toBe('ru');
  });

  it('switches the theme and remembers it', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(
      <AuthGate>
        <p>in</p>
      </AuthGate>,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(window.localStorage.getItem('course-stats.theme')).toBe('dark');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'system');
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
  });
});
