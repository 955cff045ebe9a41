import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdIdleTurns } from '@/test-support/idle';

let idle: ReturnType<typeof holdIdleTurns>;

beforeEach(() => {
  idle = holdIdleTurns();
  // A fresh queue for each test.
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('afterFirstPaint', () => {
  it('runs the queued jobs one per idle turn, in the order asked', async () => {
    const { afterFirstPaint } = await import('./after-first-paint');
    const ran: string[] = [];
    afterFirstPaint(() => ran.push('trades'));
    afterFirstPaint(() => ran.push('inbox'));
    afterFirstPaint(() => ran.push('socket'));
    expect(ran).toEqual([]);
    // Only one turn is asked for at a time: the next is asked for once the previous job ran.
    expect(idle.queue).toHaveLength(1);
    await idle.next();
    expect(ran).toEqual(['trades']);
    await idle.next();
    expect(ran).toEqual(['trades', 'inbox']);
    await idle.next();
    expect(ran).toEqual(['trades', 'inbox', 'socket']);
    expect(idle.queue).toHaveLength(0);
  });

  it('drops a job taken back before its turn, and goes on after a job that threw', async () => {
    const { afterFirstPaint } = await import('./after-first-paint');
    const ran: string[] = [];
    afterFirstPaint(() => {
      throw new Error('broken');
    });
    const cancel = afterFirstPaint(() => ran.push('cancelled'));
    afterFirstPaint(() => ran.push('kept'));
    cancel();
    expect(() => idle.queue.shift()?.()).toThrow('broken');
    await idle.next();
    expect(ran).toEqual(['kept']);
  });
});

describe('useAfterFirstPaint', () => {
  it('is false at the first render and true from the component’s turn', async () => {
    const { useAfterFirstPaint } = await import('./after-first-paint');
    function Part({ name }: { name: string }) {
      return useAfterFirstPaint() ? <span>{name}</span> : null;
    }
    render(
      <>
        <Part name="first" />
        <Part name="second" />
      </>,
    );
    expect(screen.queryByText('first')).toBeNull();
    await idle.next();
    expect(screen.getByText('first')).toBeTruthy();
    expect(screen.queryByText('second')).toBeNull();
    await idle.next();
    expect(screen.getByText('second')).toBeTruthy();
  });
});

describe('the first screen’s paint', () => {
  /** A browser that reports largest paints: the test hands them to the page's observer. */
  function reportPaints() {
    const observers: ((entries: { startTime: number }[]) => void)[] = [];
    class FakeObserver {
      static supportedEntryTypes = ['largest-contentful-paint'];
      constructor(private readonly callback: (list: { getEntries: () => { startTime: number }[] }) => void) {}
      observe() {
        observers.push((entries) => this.callback({ getEntries: () => entries }));
      }
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    return {
      paint: (startTime: number) =>
        act(() => {
          for (const deliver of observers) deliver([{ startTime }]);
        }),
    };
  }

  it('holds the queue until a largest paint after the first render is reported', async () => {
    const paints = reportPaints();
    const { afterFirstPaint } = await import('./after-first-paint');
    const ran: string[] = [];
    const queuedAt = performance.now();
    afterFirstPaint(() => ran.push('sdk'));
    // Nothing is asked of the browser before the paint: the job cannot run before it.
    expect(idle.queue).toHaveLength(0);
    // The page's shell, painted before the app rendered, does not open it.
    await paints.paint(queuedAt - 50);
    expect(idle.queue).toHaveLength(0);
    await paints.paint(queuedAt + 5);
    expect(idle.queue).toHaveLength(1);
    await idle.next();
    expect(ran).toEqual(['sdk']);
  });

  it('opens the queue after a while when no such paint is reported', async () => {
    reportPaints();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { afterFirstPaint } = await import('./after-first-paint');
      const ran: string[] = [];
      afterFirstPaint(() => ran.push('texts'));
      vi.advanceTimersByTime(700);
      expect(idle.queue).toHaveLength(0);
      vi.advanceTimersByTime(200);
      expect(idle.queue).toHaveLength(1);
      await idle.next();
      expect(ran).toEqual(['texts']);
    } finally {
      vi.useRealTimers();
    }
  });
});
