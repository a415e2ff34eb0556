import type { Locale } from '@/lib/i18n';

/** The two routes: the course index (with recently opened courses) and a course's statistics page. */
const en = {
  indexTitle: 'Course statistics',
  pageTitle: (courseId: number) => `Course ${courseId} statistics`,
  indexIntro: 'Open a course by its ID, or choose one from the list below.',
  recentTitle: 'Recently opened',
  recentEmpty: 'Courses you open are listed here, on this device only.',
  recentCourse: (id: number) => `Course ${id}`,
  recentClear: 'Forget these courses',
};

const ru: RouteTexts = {
  indexTitle: 'Статистика курса',
  pageTitle: (courseId: number) => `Статистика курса ${courseId}`,
  indexIntro: 'Откройте курс по его ID или выберите его в списке ниже.',
  recentTitle: 'Недавно открытые',
  recentEmpty: 'Здесь будут курсы, которые вы открываете (только на этом устройстве).',
  recentCourse: (id: number) => `Курс ${id}`,
  recentClear: 'Забыть эти курсы',
};

export type RouteTexts = typeof en;

export const routeCatalogs: Record<Locale, RouteTexts> = { en, ru };
