import { functionalUpdate, type OnChangeFn, type VisibilityState } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { readColumnVisibility, storeColumnVisibility } from './column-visibility';

/** The Columns menu's choice, remembered on this device. */
export function useColumnVisibility(): [VisibilityState, OnChangeFn<VisibilityState>] {
  const [visibility, setVisibility] = useState(readColumnVisibility);
  const onChange: OnChangeFn<VisibilityState> = useCallback(
    (updater) => {
      const next = functionalUpdate(updater, visibility);
      setVisibility(next);
      storeColumnVisibility(next);
    },
    [visibility],
  );
  return [visibility, onChange];
}
