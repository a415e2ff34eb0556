import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterPaint } from './use-after-paint';

function Probe({ ready }: { ready: boolean }) {
  return <p>{useAfterPaint(ready) ? 'after paint' : 'not yet'}</p>;
}

const nextFrame = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done)));

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
});
