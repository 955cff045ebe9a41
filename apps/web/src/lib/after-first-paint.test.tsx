import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The browser's idle turns, run one at a time by the test. */
let idle: (() => void)[] = [];
const nextTurn = () => act(() => idle.shift()?.());

beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
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
    expect(idle).toHaveLength(1);
    await nextTurn();
    expect(ran).toEqual(['trades']);
    await nextTurn();
    expect(ran).toEqual(['trades', 'inbox']);
    await nextTurn();
    expect(ran).toEqual(['trades', 'inbox', 'socket']);
    expect(idle).toHaveLength(0);
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
    expect(() => idle.shift()?.()).toThrow('broken');
    await nextTurn();
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
    await nextTurn();
    expect(screen.getByText('first')).toBeTruthy();
    expect(screen.queryByText('second')).toBeNull();
    await nextTurn();
    expect(screen.getByText('second')).toBeTruthy();
  });
});
