import { useSyncExternalStore } from 'react';
import { readTheme, setTheme, subscribeTheme, type Theme } from './theme';

/** The theme chosen, and the way to choose another (theme.ts, free of React: the page's first script reads it). */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribeTheme, readTheme, () => 'system' as const);
  return [theme, setTheme];
}
