import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildForest } from '../model/tree-model';
import { groups, label, naming } from '../model/tree-test-support';
import { useLabelsWhenIdle } from './use-labels-when-idle';

function forestOf(count: number) {
  const wires = Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Group ${index + 1}`,
    labels: [label(`Ärger ${index}`), label(`Label ${index}`, 'Number')],
  }));
  return buildForest(groups(...wires), naming);
}

const folded = (forest: ReturnType<typeof forestOf>) =>
  forest.groups.flatMap((group) => group.labels.map((node) => node.folded));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useLabelsWhenIdle', () => {
  it('makes and folds every label once the page is idle, not during the render', () => {
    vi.useFakeTimers();
    const forest = forestOf(300);
    renderHook(() => useLabelsWhenIdle(forest));
    const [first] = forest.groups;
    expect(first?.labels[0]?.folded).toBeNull();
    vi.runAllTimers();
    expect(folded(forest).every((value) => value !== null)).toBe(true);
    expect(first?.labels[0]?.folded).toEqual({ description: 'arger 0', type: 'string', title: 'arger 0' });
  });

  it('works in the idle time the browser gives, and stops when the tree goes away', () => {
    const pending: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => pending.push(callback));
    const cancelled: number[] = [];
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle));
    const forest = forestOf(50);
    const { unmount } = renderHook(() => useLabelsWhenIdle(forest));
    expect(pending).toHaveLength(1);
    // No time left: one group (two labels), then it asks for more idle time.
    pending.shift()?.({ didTimeout: false, timeRemaining: () => 0 });
    expect(pending).toHaveLength(1);
    unmount();
    expect(cancelled).toHaveLength(1);
    expect(folded(forest).filter((value) => value !== null)).toHaveLength(2);
  });
});
