/**
 * Resolves once jsdom has run a frame and the task after it: where code waiting for a paint (useAfterPaint)
 * counts the screen as painted. Call it inside act().
 */
export const nextFrame = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done)));
