import type { ServerConfig } from '@contract';
import * as z from 'zod/mini';
import { openDeviceStore, type DeviceResult } from '@/lib/device-store';
import { keptLearners, type KeptLearners, type StoredHealth } from './health-refresh';
import { learnersByCourse, type LearnerIndexData } from './learner-index-data';

/**
 * What the account overview keeps on this device, when the user chose to keep it (the device consent snapshots use,
 * off by default): each course's figures with what the course list said of it when it was read, and the learner
 * index. One record per API origin, so two LMS accounts on one device never mix. The next visit paints it at once and
 * reads again only what has changed (health-refresh.ts).
 */
export interface StoredAccount {
  /** 2 keeps who had passed in each course (StoredHealth.passedUserIds); a record of 1 is read without it. */
  version: 1 | 2;
  /** When it was written, ms since the epoch: "as of 2 h ago". */
  savedAt: number;
  courses: StoredHealth[];
  index: LearnerIndexData;
}

const count = z.int().check(z.minimum(0));
const share = z.nullable(z.number().check(z.minimum(0), z.maximum(100)));

const storedHealthSchema = z.object({
  courseId: z.int(),
  health: z.object({
    rows: count,
    learners: count,
    completedPercent: share,
    passedPercent: share,
    averageProgress: share,
    averageScore: z.nullable(z.number()),
    overdue: count,
    notStarted: count,
    inactive: count,
    lastActivity: z.nullable(z.number()),
  }),
  listedLastActivity: z.nullable(z.string()),
  listedUpdatedAt: z.nullable(z.string()),
  readAt: z.number(),
  passedUserIds: z.optional(z.array(z.int())),
});

// The index checks its own data when it is rebuilt (LearnerIndex.fromData): here it only has to be there.
const storedAccountSchema = z.object({
  version: z.union([z.literal(1), z.literal(2)]),
  savedAt: z.number(),
  courses: z.array(storedHealthSchema),
  index: z.custom<LearnerIndexData>((value) => typeof value === 'object' && value !== null),
});

const store = openDeviceStore('course-stats-overview', 'accounts');

/** The API a record is of: the LMS our server stands in front of, or its demo data. */
export function accountOrigin(config: ServerConfig): string {
  return config.mode === 'proxy' ? config.upstreamHost : 'demo';
}

/** Per course, what the first read of an origin's record in this page found: see lastVisit. */
const foundFirst = new Map<string, Promise<Map<number, KeptLearners> | null>>();

/** The account kept for this origin; null when there is none, it is of another version, or damaged. */
export function loadAccount(origin: string): Promise<StoredAccount | null> {
  const loaded = readAccount(origin);
  if (!foundFirst.has(origin)) foundFirst.set(origin, loaded.then(lastVisitOf));
  return loaded;
}

async function readAccount(origin: string): Promise<StoredAccount | null> {
  const read = await store.getMany([origin]);
  if (read.status !== 'ok') return null;
  const parsed = storedAccountSchema.safeParse(read.value[0]);
  return parsed.success ? parsed.data : null;
}

function lastVisitOf(account: StoredAccount | null): Map<number, KeptLearners> | null {
  return account && keptLearners(account.courses, learnersByCourse(account.index));
}

/**
 * Each course's learners and passed learners as the record was when this page first read it: what "since your
 * last visit" compares with while the page is open. Leaving the overview for a course and coming back is the same
 * visit, though what it read has been written since; null when nothing was kept.
 */
export function lastVisit(origin: string): Promise<Map<number, KeptLearners> | null> {
  let found = foundFirst.get(origin);
  if (!found) {
    found = readAccount(origin).then(lastVisitOf);
    foundFirst.set(origin, found);
  }
  return found;
}

export function saveAccount(origin: string, account: StoredAccount): Promise<DeviceResult<void>> {
  // Written before this page read anything (kept from now on, so nothing was kept before): the page found nothing.
  if (!foundFirst.has(origin)) foundFirst.set(origin, Promise.resolve(null));
  return store.setMany([[origin, account]]);
}

export interface StoredAccountSummary {
  origin: string;
  savedAt: number;
  courses: number;
  learners: number;
}

/** What is kept, for "Stored on this device". */
export async function listStoredAccounts(): Promise<DeviceResult<StoredAccountSummary[]>> {
  const origins = await store.keys();
  if (origins.status !== 'ok') return origins;
  const wanted = origins.value.filter((key): key is string => typeof key === 'string');
  const read = await store.getMany(wanted);
  if (read.status !== 'ok') return read;
  const summaries: StoredAccountSummary[] = [];
  read.value.forEach((value, position) => {
    const parsed = storedAccountSchema.safeParse(value);
    const origin = wanted[position];
    if (!parsed.success || origin === undefined) return;
    const { savedAt, courses, index } = parsed.data;
    summaries.push({ origin, savedAt, courses: courses.length, learners: index.learners.length });
  });
  return { status: 'ok', value: summaries };
}

/** Forgets what the overview kept: for one origin, or every one (what this page found of it too). */
export function forgetStoredAccounts(origin?: string): Promise<DeviceResult<void>> {
  if (origin === undefined) foundFirst.clear();
  else foundFirst.delete(origin);
  return origin === undefined ? store.clear() : store.delMany([origin]);
}
