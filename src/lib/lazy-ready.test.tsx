import { act, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyReady, loadChunkOnce } from './load-chunk';

function chunkOf(text: string) {
  const gate: { open: () => void } = { open: () => undefined };
  const opened = new Promise<void>((resolve) => {
    gate.open = resolve;
  });
  const chunk = loadChunkOnce(async () => {
    await opened;
    return { Screen: () => <p>{text}</p> };
  });
  return { chunk, open: gate.open };
}

const inSuspense = (Screen: ComponentType) =>
  render(
    <Suspense fallback={<p>Loading…</p>}>
      <Screen />
    </Suspense>,
  );

describe('lazyReady', () => {
  it('renders a screen whose code is in already at once, with no loading line first', async () => {
    const { chunk, open } = chunkOf('Ready screen');
    const Screen = lazyReady(chunk, (loaded) => loaded.Screen);
    open();
    await chunk();
    inSuspense(Screen);
    expect(screen.getByText('Ready screen')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('says it is loading while the code is on its way, then shows the screen', async () => {
    const { chunk, open } = chunkOf('Late screen');
    const Screen = lazyReady(chunk, (loaded) => loaded.Screen);
    inSuspense(Screen);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => {
      open();
      await chunk();
    });
    expect(await screen.findByText('Late screen')).toBeInTheDocument();
    expect(chunk.loaded()).toBeDefined();
  });
});
