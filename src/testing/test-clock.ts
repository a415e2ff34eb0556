/**
 * The moment the unit tests run at, whatever the machine's date (src/testing/setup.ts sets it before each test).
 * The fixtures' dates are chosen around it: deadlines ahead of it are still to come, activity before it has
 * happened. A test that needs another moment sets its own clock.
 */
export const TEST_NOW = Date.parse('2026-11-29T12:00:00Z');
