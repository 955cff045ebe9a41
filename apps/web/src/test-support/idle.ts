import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * The browser's idle turns held for the test to run (`requestIdleCallback` stubbed; call in a
 * `beforeEach`, undone by `vi.unstubAllGlobals`): what waits for them (lib/after-first-paint.ts)
 * runs only when the test takes a turn.
 */
export function holdIdleTurns() {
  const queue: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => queue.push(run));
  return {
    /** The turns asked for and not yet taken. */
    queue,
    /** Takes the next turn. */
    next: () => act(() => queue.shift()?.()),
    /** Takes turns, and the ones they ask for, until none is left. */
    all: async () => {
      while (queue.length > 0) {
        await act(async () => {
          queue.shift()?.();
        });
      }
    },
  };
}
