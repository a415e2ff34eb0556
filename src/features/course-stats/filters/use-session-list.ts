import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { courseQueries } from '@/course/course-queries';
import { choicesFromList, type SessionList } from './session-choices';

/**
 * The course's sessions for the Session filter, read once `enabled` (after the first rows: the filter can wait for
 * them, the rows should not wait for it). Where the LMS lists none (the endpoint fails, or answers two empty lists),
 * 'unlisted': the filter then takes an ID only. With what the lists' parse left out, once they are read.
 */
export function useSessionList(courseId: number, enabled: boolean) {
  const { data, isError } = useQuery({ ...courseQueries.sessions(courseId), enabled });
  const sessions = useMemo((): SessionList => {
    if (data) return choicesFromList(data);
    return isError ? 'unlisted' : undefined;
  }, [data, isError]);
  return { sessions, report: data?.report };
}
