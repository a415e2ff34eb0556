import type { Locale } from '@/lib/locale';

const en = {
  appName: 'Course statistics dashboard',
  skipToContent: 'Skip to content',
  mainNav: 'Main',
  /** The brand says "Course statistics": the link names the list of courses it leads to. */
  navCourseStats: 'Courses',
  signOut: 'Sign out',
  menu: 'Menu',
  loading: 'Loading…',
  offline: 'You are offline. The data shown may be out of date; it will refresh when the connection is back.',
  crashedTitle: 'This screen failed to show.',
  tryAgain: 'Try again',
  notFoundBefore: 'There is nothing at this address. Go to ',
  notFoundCourses: 'course statistics',
  notFoundBetween: ' or ',
  notFoundLabels: 'label groups',
  notFoundAfter: '.',
  titles: {
    courses: 'Your courses',
    courseStats: 'Course statistics',
    labelGroups: 'Label groups',
    device: 'Stored on this device',
    notFound: 'Page not found',
  },
};

const ru: AppTexts = {
  appName: 'Панель статистики курсов',
  skipToContent: 'Перейти к содержимому',
  mainNav: 'Основная навигация',
  navCourseStats: 'Курсы',
  signOut: 'Выйти',
  menu: 'Меню',
  loading: 'Загрузка…',
  offline: 'Нет подключения к сети. Данные могут быть устаревшими; они обновятся, когда связь восстановится.',
  crashedTitle: 'Не удалось показать этот экран.',
  tryAgain: 'Попробовать снова',
  notFoundBefore: 'По этому адресу ничего нет. Перейдите к ',
  notFoundCourses: 'статистике курсов',
  notFoundBetween: ' или ',
  notFoundLabels: 'группам меток',
  notFoundAfter: '.',
  titles: {
    courses: 'Ваши курсы',
    courseStats: 'Статистика курсов',
    labelGroups: 'Группы меток',
    device: 'Хранится на этом устройстве',
    notFound: 'Страница не найдена',
  },
};

export type AppTexts = typeof en;

export const appCatalogs: Record<Locale, AppTexts> = { en, ru };
