import type { Locale } from '@/lib/i18n';

/** The two routes: the course index (with recently opened courses) and a course's statistics page. */
const en = {
  indexTitle: 'Course statistics',
  pageTitle: (courseId: number) => `Course ${courseId} statistics`,
  indexIntro: 'Enter a course ID to see how its learners are doing.',
  recentTitle: 'Recently opened courses',
  recentEmpty: 'Courses you open are listed here, on this device only.',
  recentCourse: (id: number) => `Course ${id}`,
  recentClear: 'Forget these courses',
};

export type RouteTexts = typeof en;

const ru: RouteTexts = {
  indexTitle: 'Статистика курса',
  pageTitle: (courseId: number) => `Статистика курса ${courseId}`,
  indexIntro: 'Введите ID курса, чтобы увидеть успехи его слушателей.',
  recentTitle: 'Недавно открытые курсы',
  recentEmpty: 'Здесь будут курсы, которые вы открываете (только на этом устройстве).',
  recentCourse: (id: number) => `Курс ${id}`,
  recentClear: 'Забыть эти курсы',
};

export const routeCatalogs: Record<Locale, RouteTexts> = { en, ru };
