import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextFrame } from '@/testing/frames';
import { FIRST_PAINT_WAIT_MS, useAfterPaint } from './use-after-paint';

function Probe({ ready }: { ready: boolean }) {
  return <p>{useAfterPaint(ready) ? 'after paint' : 'not yet'}</p>;
}

/** A browser that records paints: the test says when the first contentful paint is recorded. */
function recordingPaints() {
  const observers: FakeObserver[] = [];
  class FakeObserver {
    static readonly supportedEntryTypes = ['paint', 'mark'];
    observing = false;
    constructor(private readonly callback: (entries: { getEntriesByName: (name: string) => unknown[] }) => void) {
      observers.push(this);
    }
    observe() {
      this.observing = true;
    }
    disconnect() {
      this.observing = false;
    }
    deliver(name: string) {
      if (this.observing) this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    paint: (name: string) => act(() => observers.forEach((observer) => observer.deliver(name))),
    observing: () => observers.filter((observer) => observer.observing).length,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useAfterPaint', () => {
  it('waits for a frame after the condition holds, then stays true', async () => {
    const { rerender } = render(<Probe ready={false} />);
    await act(nextFrame);
    expect(screen.getByText('not yet')).toBeInTheDocument();

    rerender(<Probe ready />);
    // The same render that made it ready does not see it yet: the frame has not been painted.
    expect(screen.getByText('not yet')).toBeInTheDocument();
    expect(await screen.findByText('after paint')).toBeInTheDocument();

    rerender(<Probe ready={false} />);
    await act(nextFrame);
    expect(screen.getByText('after paint')).toBeInTheDocument();
  });

  it('on a first screen, waits until the browser has recorded its first contentful paint', async () => {
    const browser = recordingPaints();
    render(<Probe ready />);
    await act(nextFrame);
    await act(nextFrame);
    expect(screen.getByText('not yet')).toBeInTheDocument();
    browser.paint('first-paint');
    expect(screen.getByText('not yet')).toBeInTheDocument();

    browser.paint('first-contentful-paint');
    expect(screen.getByText('after paint')).toBeInTheDocument();
    expect(browser.observing()).toBe(0);
  });

  it('does not wait for a paint already recorded', async () => {
    recordingPaints();
    vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) =>
      name === 'first-contentful-paint' ? [{ name } as PerformanceEntry] : [],
    );
    render(<Probe ready />);
    await act(nextFrame);
    expect(screen.getByText('after paint')).toBeInTheDocument();
  });

  it('stops waiting for a paint that is never recorded', async () => {
    const browser = recordingPaints();
    render(<Probe ready />);
    await act(nextFrame);
    expect(screen.getByText('not yet')).toBeInTheDocument();
    expect(await screen.findByText('after paint', undefined, { timeout: FIRST_PAINT_WAIT_MS * 4 })).toBeInTheDocument();
    expect(browser.observing()).toBe(0);
  });
});
