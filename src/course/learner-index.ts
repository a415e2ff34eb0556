import type { CourseStat } from '@contract';
import { foldText } from '@/lib/fold-text';
import { learnerEntries, learnersByCourse, type LearnerIndexData } from './learner-index-data';

/**
 * The learners of every course read so far, for the overview's search: support staff are given a name or an email,
 * not a user ID. It keeps, per learner, only what a search reads and a match shows (never the rows): 300,000 rows
 * of 20,000 learners are 20,000 entries. The folded strings are worked out when a learner is added, so a keystroke
 * is an indexOf over one string and a look at the learners that hold what was typed.
 */

/** How a learner matched, best first: the whole ID, email or name; the start of the name, a word or email; a part. */
export type LearnerMatchKind = 'exact' | 'prefix' | 'substring';

export interface LearnerMatch {
  userId: number;
  /** As the latest course read with this learner spells them. */
  name: string;
  email: string;
  /** The courses read so far that have a row of this learner, ascending. */
  courseIds: number[];
  match: LearnerMatchKind;
}

interface Learner {
  userId: number;
  name: string;
  email: string;
  courses: Set<number>;
  idText: string;
  foldedName: string;
  foldedEmail: string;
  /** The name's words, folded, each after one space: " anna maria petrova". */
  words: string;
  /** Where the learner's part of the haystack is: its index in `owners` and `starts`. */
  slot: number;
}

const NOT_A_WORD_CHARACTER = /[^\p{L}\p{N}]+/gu;

/**
 * A learner's part of the haystack. The separators are never part of a trimmed, folded query, so no match spans two
 * fields or two learners.
 */
function partOf({ idText, foldedName, foldedEmail, words }: Learner): string {
  return `${idText}\n${foldedName}\n${foldedEmail}\n${words}\u0000`;
}

/** Folded text as words each after one space, so " " + a prefix finds the start of any word. */
function spacedWords(folded: string): string {
  return ` ${folded.replace(NOT_A_WORD_CHARACTER, ' ').trim()}`;
}

const RANKS: readonly LearnerMatchKind[] = ['exact', 'prefix', 'substring'];

/** Compaction: once more than half the parts of the haystack are of learners renamed or gone. */
const MOST_DEAD_SHARE = 0.5;

export class LearnerIndex {
  private readonly learners = new Map<number, Learner>();
  /** Per course, the learners it has rows of: what a course read again replaces. */
  private readonly courses = new Map<number, number[]>();
  /**
   * Every learner's id, folded name, email and words in one string, a part each, appended as learners come: a
   * query is looked for with indexOf over contiguous memory rather than learner by learner (20,000 objects spread
   * over the heap took several times longer to visit, and keeping them sorted cost more than the search).
   * `owners[i]` is the learner of part i (null once renamed or gone), `starts[i]` where the part begins.
   */
  private haystack = '';
  private owners: Array<Learner | null> = [];
  private starts: number[] = [];
  /** Parts written since the last search: joined to the haystack by the next one, so adding stays cheap. */
  private pending: string[] = [];
  private dead = 0;

  /** Courses read so far. */
  get courseCount(): number {
    return this.courses.size;
  }

  /** Distinct learners across those courses. */
  get learnerCount(): number {
    return this.learners.size;
  }

  hasCourse(courseId: number): boolean {
    return this.courses.has(courseId);
  }

  /** The user ids a course read so far has rows of (none for a course not read). */
  learnersOf(courseId: number): readonly number[] {
    return this.courses.get(courseId) ?? [];
  }

  /** Whether a course read so far has a row of this learner. */
  holds(courseId: number, userId: number): boolean {
    return this.learners.get(userId)?.courses.has(courseId) ?? false;
  }

  /** Adds a course's rows (every page of it); a course added again has its earlier rows replaced. */
  add(courseId: number, rows: readonly CourseStat[]): void {
    const adding = this.adding(courseId);
    adding.rows(rows);
    adding.end();
  }

  /**
   * `add`, a slice of rows at a time: `rows` as often as needed, then `end`, which replaces the course's earlier
   * rows. Until then a search may find the learners added so far.
   */
  adding(courseId: number): { rows: (rows: readonly CourseStat[]) => void; end: () => void } {
    const userIds: number[] = [];
    const seen = new Set<number>();
    return {
      rows: (rows) => {
        for (const row of rows) {
          if (!seen.has(row.user_id)) {
            seen.add(row.user_id);
            userIds.push(row.user_id);
          }
          this.upsert(row.user_id, row.username, row.user_email).courses.add(courseId);
        }
      },
      end: () => {
        const previous = this.courses.get(courseId);
        if (previous) for (const userId of previous) if (!seen.has(userId)) this.leave(userId, courseId);
        this.courses.set(courseId, userIds);
      },
    };
  }

  /** Forgets a course (no longer listed): its learners who are in no other course read go too. */
  remove(courseId: number): void {
    const userIds = this.courses.get(courseId);
    if (!userIds) return;
    for (const userId of userIds) this.leave(userId, courseId);
    this.courses.delete(courseId);
  }

  /**
   * Up to `limit` learners whose user ID, email or name matches `query` (accents and case aside): exact matches
   * first, then those whose name, a word of the name, or email starts with it, then those whose name or email
   * contains it; by name within each. A query of several words also finds a name holding each of them, in any order
   * ("petrova anna"), ranked as a part.
   */
  search(query: string, limit: number): LearnerMatch[] {
    return this.find(query, limit).matches;
  }

  /** `search`, and how many learners match in all: what a list of the first few says is left out. */
  find(query: string, limit: number): { matches: LearnerMatch[]; total: number } {
    const folded = foldText(query.trim());
    if (folded === '' || limit <= 0) return { matches: [], total: 0 };
    const words = spacedWords(folded);
    const terms = words.trim().split(' ');
    const wordy = words !== ' ';
    const several = terms.length > 1;
    // The first `limit` of each rank by name: a rank past the limit is never sorted whole.
    const best: Learner[][] = [[], [], []];
    let total = 0;
    for (const slot of this.candidates(wordy ? terms : [folded])) {
      const learner = this.owners[slot];
      if (!learner) continue;
      const rank = matchRank(learner, folded, wordy ? words : null, several ? terms : null);
      const into = rank === null ? undefined : best[rank];
      if (!into) continue;
      total += 1;
      keepFirst(into, learner, limit);
    }
    const matches = best
      .flatMap((learners, rank) => learners.map((learner) => toMatch(learner, RANKS[rank] ?? 'substring')))
      .slice(0, limit);
    return { matches, total };
  }

  /**
   * Gets the next search ready ahead of it: joins the parts added since the last one to the haystack and has the
   * engine flatten it (a string grown by `+=` is flattened by the first indexOf that reads it). Over 300,000 rows
   * that was most of the first keystroke after reading; call it when the index has stopped growing.
   */
  prepare(): void {
    // indexOf of a character no part holds reads the whole haystack once, which leaves it flat.
    void this.current().indexOf('\u0001');
  }

  /** The index as plain data, for IndexedDB. */
  toData(): LearnerIndexData {
    const learners: LearnerIndexData['learners'] = [];
    for (const learner of this.learners.values())
      learners.push([learner.userId, learner.name, learner.email, [...learner.courses]]);
    return { version: 1, learners };
  }

  /** The index kept by toData; an empty one when `data` is not such (an older version, or damaged). */
  static fromData(data: unknown): LearnerIndex {
    const index = new LearnerIndex();
    for (const [userId, name, email, courseIds] of learnerEntries(data)) {
      const learner = index.upsert(userId, name, email);
      for (const courseId of courseIds) learner.courses.add(courseId);
    }
    for (const [courseId, userIds] of learnersByCourse(data)) index.courses.set(courseId, userIds);
    return index;
  }

  private upsert(userId: number, name: string, email: string): Learner {
    let learner = this.learners.get(userId);
    if (learner && learner.name === name && learner.email === email) return learner;
    if (learner) this.retire(learner);
    else {
      learner = {
        userId,
        name: '',
        email: '',
        courses: new Set(),
        idText: String(userId),
        foldedName: '',
        foldedEmail: '',
        words: '',
        slot: -1,
      };
      this.learners.set(userId, learner);
    }
    if (learner.name !== name) {
      learner.name = name;
      learner.foldedName = foldText(name.trim());
      learner.words = spacedWords(learner.foldedName);
    }
    if (learner.email !== email) {
      learner.email = email;
      learner.foldedEmail = foldText(email.trim());
    }
    learner.slot = this.owners.length;
    this.owners.push(learner);
    this.pending.push(partOf(learner));
    return learner;
  }

  private leave(userId: number, courseId: number): void {
    const learner = this.learners.get(userId);
    if (!learner) return;
    learner.courses.delete(courseId);
    if (learner.courses.size === 0) {
      this.learners.delete(userId);
      this.retire(learner);
    }
  }

  /** The learner's part no longer speaks for it (renamed, readdressed or gone). */
  private retire(learner: Learner): void {
    if (this.owners[learner.slot] === learner) {
      this.owners[learner.slot] = null;
      this.dead += 1;
    }
  }

  /** The haystack with every part written so far, compacted when mostly dead. */
  private current(): string {
    if (this.dead > this.owners.length * MOST_DEAD_SHARE) {
      this.haystack = '';
      this.starts = [];
      this.pending = [];
      const live = this.owners.filter((learner): learner is Learner => learner !== null);
      this.owners = [];
      this.dead = 0;
      for (const learner of live) {
        learner.slot = this.owners.length;
        this.owners.push(learner);
        this.pending.push(partOf(learner));
      }
    }
    if (this.pending.length > 0) {
      let offset = this.haystack.length;
      for (const part of this.pending) {
        this.starts.push(offset);
        offset += part.length;
      }
      this.haystack += this.pending.join('');
      this.pending = [];
    }
    return this.haystack;
  }

  /**
   * The slots of the learners whose part holds the rarest of `needles`. Each of the query's words is part of the
   * query, so whatever matches holds every one of them: the rarest leaves the fewest to look at.
   */
  private candidates(needles: readonly string[]): number[] {
    let rarest: number[] | null = null;
    for (const needle of needles) {
      const found = this.partsHolding(needle, rarest ? rarest.length : Number.POSITIVE_INFINITY);
      if (found && (!rarest || found.length < rarest.length)) rarest = found;
    }
    return rarest ?? [];
  }

  /** The parts of the haystack that hold `needle`, ascending; null once there are more than `most`. */
  private partsHolding(needle: string, most: number): number[] | null {
    const haystack = this.current();
    const { starts } = this;
    const parts: number[] = [];
    for (let at = haystack.indexOf(needle); at !== -1;) {
      if (parts.length >= most) return null;
      const part = partAt(starts, at);
      parts.push(part);
      at = haystack.indexOf(needle, starts[part + 1] ?? haystack.length);
    }
    return parts;
  }
}

/** The index of the part `at` falls in: the last start at or before it. */
function partAt(starts: readonly number[], at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

function byFoldedName(a: Learner, b: Learner): number {
  return a.foldedName < b.foldedName ? -1 : a.foldedName > b.foldedName ? 1 : a.userId - b.userId;
}

/** Puts `learner` into `first`, kept sorted by name and no longer than `limit`. */
function keepFirst(first: Learner[], learner: Learner, limit: number): void {
  const last = first[first.length - 1];
  if (first.length >= limit && last && byFoldedName(learner, last) >= 0) return;
  let low = 0;
  let high = first.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const other = first[middle];
    if (other && byFoldedName(other, learner) < 0) low = middle + 1;
    else high = middle;
  }
  first.splice(low, 0, learner);
  if (first.length > limit) first.pop();
}

/**
 * 0 exact, 1 prefix, 2 substring; null for no match. `words` is the query as spacedWords gives it, null when it
 * has no letter or digit; `terms` are its words when it has several.
 */
function matchRank(
  learner: Learner,
  folded: string,
  words: string | null,
  terms: readonly string[] | null,
): number | null {
  const { foldedName, foldedEmail } = learner;
  if (learner.idText === folded || foldedEmail === folded || foldedName === folded) return 0;
  if (foldedName.startsWith(folded) || foldedEmail.startsWith(folded) || (words && learner.words.includes(words)))
    return 1;
  if (foldedName.includes(folded) || foldedEmail.includes(folded)) return 2;
  if (terms && terms.every((term) => foldedName.includes(term))) return 2;
  return null;
}

function toMatch(learner: Learner, match: LearnerMatchKind): LearnerMatch {
  return {
    userId: learner.userId,
    name: learner.name,
    email: learner.email,
    courseIds: [...learner.courses].sort((a, b) => a - b),
    match,
  };
}
