import { useEffect, useState } from 'react';

/**
 * What the page brings in after its first paint — the later texts, the signed-in header's
 * inbox and active trades, the realtime socket — queued here and started one per idle turn of
 * the browser, in the order asked: each one's download, mount and first requests get a task of
 * their own instead of all landing in the first render's (docs/decisions/048).
 */
const queue: (() => void)[] = [];
let waiting = false;
/** A busy main thread still gets to the next job after this long. */
const TURN_TIMEOUT_MS = 1000;

function schedule(): void {
  if (waiting || queue.length === 0) return;
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
