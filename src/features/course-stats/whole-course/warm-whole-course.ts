import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isRecord } from '@/lib/is-record';
import { useAfterPaint } from '@/lib/use-after-paint';
import { whenIdle } from '@/lib/when-idle';
import { wholeCourseChunk } from '@/course/whole-course-query';
import { preloadVirtualTable } from '../table/course-stats-table';

/** The longest wait for an idle moment before the warm-up runs anyway. */
const WARM_WITHIN_MS = 3_000;

/** The user asked the browser to spare data (Save-Data): nothing is fetched that they may never need. */
function savesData(): boolean {
  const connection: unknown = Reflect.get(navigator, 'connection');
  return isRecord(connection) && connection.saveData === true;
}

/**
 * Gets ready what "Load all pages" needs before it is pressed: the loader's code, its Worker (started, idle), the
 * server's rate limit and the whole-course table's code. Without it the press waits for three round trips in a row and
 * the Worker's start before the first page is asked for: 200 ms at 40 ms of latency. Failures are not the user's here:
 * the press loads again, and says so if it fails.
 */
export function warmWholeCourse(client?: QueryClient): void {
  if (savesData()) return;
  preloadVirtualTable();
  wholeCourseChunk().then(
    (loader) => loader.warmLoader(client),
    () => undefined,
  );
}

/**
 * Warms the whole-course load once the page is idle, while `offered`, and not before the screen's first paint: the page
 * can be idle between React's commit and its frame, and code asked for then slows what that frame waits for.
 */
export function useWarmWholeCourse(offered: boolean): void {
  const client = useQueryClient();
  const painted = useAfterPaint(offered);
  const ready = offered && painted;
  useEffect(() => (ready ? whenIdle(() => warmWholeCourse(client), WARM_WITHIN_MS) : undefined), [ready, client]);
}
