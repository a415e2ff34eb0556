import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

export { cleanup } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default: on a loaded 2-core CI machine the first render of a screen
// (with its modules still being transformed) can take longer than that. They still return as soon as the
// condition holds; only a failing wait takes longer to report.
configure({ asyncUtilTimeout: 5_000 });
