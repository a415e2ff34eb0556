import type { Random } from './random';

/** A demo learner. The same user keeps the same name and email in every course and session. */
export interface DemoUser {
  id: number;
  name: string;
  email: string;
}

/** [as displayed, as in an email address] */
type Name = readonly [string, string];

interface Locale {
  weight: number;
  /** Family name first, written without a space (Chinese). */
  familyFirst?: boolean;
  /** Given and family names that go together (Russian and Greek family names follow gender). */
  pools: ReadonlyArray<{ given: readonly Name[]; family: readonly Name[] }>;
}

const LOCALES: readonly Locale[] = [
  {
    weight: 5,
    pools: [
      {
        given: [
          ['James', 'james'],
          ['Olivia', 'olivia'],
          ['Liam', 'liam'],
          ['Emma', 'emma'],
          ['Noah', 'noah'],
          ['Chloé', 'chloe'],
          ['José', 'jose'],
          ['François', 'francois'],
          ['Zoë', 'zoe'],
          ['Björn', 'bjorn'],
          ['Søren', 'soren'],
          ['Łukasz', 'lukasz'],
          ['Ana', 'ana'],
          ['Siobhán', 'siobhan'],
          ['Renée', 'renee'],
          ['Mateo', 'mateo'],
          ['Priya', 'priya'],
          ['Ayşe', 'ayse'],
          ['Jürgen', 'jurgen'],
          ['Mary-Kate', 'marykate'],
        ],
        family: [
          ['Smith', 'smith'],
          ['García', 'garcia'],
          ["O'Brien", 'obrien'],
          ['Müller', 'muller'],
          ['Dubois', 'dubois'],
          ['Rossi', 'rossi'],
          ['Nowak', 'nowak'],
          ['Johansson', 'johansson'],
          ['Fernández', 'fernandez'],
          ["D'Angelo", 'dangelo'],
          ['van der Berg', 'vanderberg'],
          ['Núñez', 'nunez'],
          ['Ødegaard', 'odegaard'],
          ['Yılmaz', 'yilmaz'],
          ['Lefèvre', 'lefevre'],
          ['Brown-Whitaker', 'brownwhitaker'],
          ['Patel', 'patel'],
        ],
      },
    ],
  },
  {
    weight: 3,
    pools: [
      {
        given: [
          ['Анна', 'anna'],
          ['Мария', 'maria'],
          ['Ольга', 'olga'],
          ['Екатерина', 'ekaterina'],
          ['Наталья', 'natalya'],
          ['Дарья', 'darya'],
          ['Юлия', 'yulia'],
        ],
        family: [
          ['Смирнова', 'smirnova'],
          ['Иванова', 'ivanova'],
          ['Кузнецова', 'kuznetsova'],
          ['Попова', 'popova'],
          ['Соколова', 'sokolova'],
          ['Лебедева', 'lebedeva'],
          ['Щербакова', 'shcherbakova'],
        ],
      },
      {
        given: [
          ['Иван', 'ivan'],
          ['Дмитрий', 'dmitry'],
          ['Сергей', 'sergey'],
          ['Алексей', 'alexey'],
          ['Михаил', 'mikhail'],
          ['Андрей', 'andrey'],
          ['Юрий', 'yury'],
        ],
        family: [
          ['Смирнов', 'smirnov'],
          ['Иванов', 'ivanov'],
          ['Кузнецов', 'kuznetsov'],
          ['Попов', 'popov'],
          ['Соколов', 'sokolov'],
          ['Лебедев', 'lebedev'],
          ['Щербаков', 'shcherbakov'],
        ],
      },
    ],
  },
  {
    weight: 1,
    pools: [
      {
        given: [
          ['Μαρία', 'maria'],
          ['Ελένη', 'eleni'],
          ['Κατερίνα', 'katerina'],
        ],
        family: [
          ['Παπαδοπούλου', 'papadopoulou'],
          ['Γεωργίου', 'georgiou'],
          ['Οικονόμου', 'oikonomou'],
        ],
      },
      {
        given: [
          ['Γιώργος', 'giorgos'],
          ['Νίκος', 'nikos'],
          ['Δημήτρης', 'dimitris'],
        ],
        family: [
          ['Παπαδόπουλος', 'papadopoulos'],
          ['Γεωργίου', 'georgiou'],
          ['Οικονόμου', 'oikonomou'],
        ],
      },
    ],
  },
  {
    weight: 1,
    familyFirst: true,
    pools: [
      {
        given: [
          ['伟', 'wei'],
          ['芳', 'fang'],
          ['娜', 'na'],
          ['敏', 'min'],
          ['静', 'jing'],
          ['磊', 'lei'],
        ],
        family: [
          ['王', 'wang'],
          ['李', 'li'],
          ['张', 'zhang'],
          ['刘', 'liu'],
          ['陈', 'chen'],
        ],
      },
    ],
  },
];

const DOMAINS = ['example.com', 'example.org', 'example.net'];

/** count users with ids from firstId on; emails are unique. */
export function makeUsers(random: Random, firstId: number, count: number): DemoUser[] {
  const weighted = LOCALES.flatMap((locale) => Array.from({ length: locale.weight }, () => locale));
  const usedEmails = new Set<string>();
  const users: DemoUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const locale = random.pick(weighted);
    const pool = random.pick(locale.pools);
    const [given, givenAscii] = random.pick(pool.given);
    const [family, familyAscii] = random.pick(pool.family);
    const name = locale.familyFirst ? `${family}${given}` : `${given} ${family}`;
    const local = locale.familyFirst ? `${familyAscii}.${givenAscii}` : `${givenAscii}.${familyAscii}`;
    const domain = random.pick(DOMAINS);
    let email = `${local}@${domain}`;
    for (let n = 2; usedEmails.has(email); n += 1) email = `${local}${n}@${domain}`;
    usedEmails.add(email);
    users.push({ id: firstId + i, name, email });
  }
  return users;
}
