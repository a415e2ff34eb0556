// The long names course (108): its first learners have names of about 60 letters, Latin and Cyrillic, to see
// how a phone's cards and a laptop's User column take them.
import type { CourseStatWire } from '../../contract/index';
import type { DemoUser } from './names';

export const LONG_NAMES_COURSE_ID = 108;

/** Learners who take part only in the long names course; the first rows of the course are theirs. */
export const LONG_NAMED_USERS: readonly DemoUser[] = [
  {
    id: 9101,
    name: 'Maximilian Alexander Friedrich von Hohenzollern-Sigmaringen',
    email: 'maximilian.alexander.von.hohenzollern-sigmaringen@example.com',
  },
  {
    id: 9102,
    name: 'Александра Константиновна Преображенская-Верещагина-Оболенская',
    email: 'aleksandra.preobrazhenskaya-vereshchagina@example.com',
  },
  {
    id: 9103,
    name: 'Bartholomew Montgomery Fitzwilliam Worthington-Castellanos III',
    email: 'bartholomew.worthington-castellanos@example.org',
  },
  {
    id: 9104,
    name: 'Екатерина Владимировна Светлова-Голенищева-Кутузова-Толстая',
    email: 'ekaterina.svetlova-golenishcheva-kutuzova@example.ru',
  },
];

/** The course's generated rows, the first of them given to the long-named learners (one row each). */
export function withLongNames(stats: CourseStatWire[]): CourseStatWire[] {
  const byId = [...stats].sort((a, b) => a.id - b.id);
  LONG_NAMED_USERS.forEach((user, index) => {
    const stat = byId[index];
    if (!stat) return;
    stat.user_id = user.id;
    stat.username = user.name;
    stat.user_email = user.email;
  });
  return byId;
}
