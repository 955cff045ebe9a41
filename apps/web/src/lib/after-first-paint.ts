import { useEffect, useState } from 'react';

/**
 * What the page brings in after its first paint — the later texts, the signed-in header's
 * inbox and active trades, the realtime socket, Telegram's viewport and «ready» — queued here and started one per
 * idle turn of the browser, in the order asked, once the first screen is painted: each one's
 * download, mount and first requests get a task of their own instead of all landing in the
 * first render's (docs/decisions/048), and none of them competes with the first paint (065).
 */
const queue: (() => void)[] = [];
let waiting = false;
/** A busy main thread still gets to the next job after this long. */
const TURN_TIMEOUT_MS = 1000;
/** The longest the queue waits for the browser to report the first screen's largest paint. */
const PAINT_WAIT_MS = 800;

/**
 * Null until the first job is queued (by the first render's effects); then false until the
 * browser reports a largest paint made after that moment (the first screen on the glass, not
 * only laid out), or PAINT_WAIT_MS passed; then true. Where the browser reports no such paints,
 * true at once (docs/decisions/065).
 */
let painted: boolean | null = null;

function waitForFirstPaint(): void {
  painted = false;
  const since = performance.now();
  const open = () => {
    if (painted) return;
    painted = true;
    observer.disconnect();
    clearTimeout(timer);
    schedule();
  };
  const observable =
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint');
  if (!observable) {
    painted = true;
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.startTime >= since)) open();
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  const timer = setTimeout(open, PAINT_WAIT_MS);
}

function schedule(): void {
  if (painted === null) waitForFirstPaint();
  if (!painted || waiting || queue.length === 0) return;
  waiting = true;
  // Read as globals: a timer of the fallback may fire where no window is (tests torn down).
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(runNext, { timeout: TURN_TIMEOUT_MS });
  } else {
    setTimeout(runNext, 50);
  }
}

function runNext(): void {
  waiting = false;
  const job = queue.shift();
  try {
    job?.();
  } finally {
    schedule();
  }
}

/** Queues `job` for its own turn after the first paint; returns what takes it back off the queue. */
export function afterFirstPaint(job: () => void): () => void {
  const entry = () => job();
  queue.push(entry);
  schedule();
  return () => {
    const at = queue.indexOf(entry);
    if (at >= 0) queue.splice(at, 1);
  };
}

/** False at the first render; true from the component's turn after the first paint. */
export function useAfterFirstPaint(): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => afterFirstPaint(() => setDue(true)), []);
  return due;
}
