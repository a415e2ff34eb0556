import type { ServerConfig } from '@contract';
import * as z from 'zod/mini';
import { openDeviceStore, type DeviceResult } from '@/lib/device-store';
import type { LearnerIndexData } from './learner-index';
import type { StoredHealth } from './health-refresh';

/**
 * What the account overview keeps on this device, when the user chose to keep it (the device consent snapshots use,
 * off by default): each course's figures with what the course list said of it when it was read, and the learner
 * index. One record per API origin, so two LMS accounts on one device never mix. The next visit paints it at once and
 * reads again only what has changed (health-refresh.ts).
 */
export interface StoredAccount {
  version: 1;
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
});

// The index checks its own data when it is rebuilt (LearnerIndex.fromData): here it only has to be there.
const storedAccountSchema = z.object({
  version: z.literal(1),
  savedAt: z.number(),
  courses: z.array(storedHealthSchema),
  index: z.custom<LearnerIndexData>((value) => typeof value === 'object' && value !== null),
});

const store = openDeviceStore('course-stats-overview', 'accounts');

/** The API a record is of: the LMS our server stands in front of, or its demo data. */
export function accountOrigin(config: ServerConfig): string {
  return config.mode === 'proxy' ? config.upstreamHost : 'demo';
}

/** The account kept for this origin; null when there is none, it is of another version, or damaged. */
export async function loadAccount(origin: string): Promise<StoredAccount | null> {
  const read = await store.getMany([origin]);
  if (read.status !== 'ok') return null;
  const parsed = storedAccountSchema.safeParse(read.value[0]);
  return parsed.success ? parsed.data : null;
}

export function saveAccount(origin: string, account: StoredAccount): Promise<DeviceResult<void>> {
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

/** Forgets what the overview kept: for one origin, or every one. */
export function forgetStoredAccounts(origin?: string): Promise<DeviceResult<void>> {
  return origin === undefined ? store.clear() : store.delMany([origin]);
}
