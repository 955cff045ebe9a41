/** Toast durations of the connection's own toasts, in ms (docs/product/texts-and-limits.md). */
export const REALTIME_TOAST_MS = { restored: 2000, lost: 3000 } as const;

/** The lost-connection toast shows at most once per 5 s. */
export const LOST_TOAST_GAP_MS = 5000;

/** Whether a lost-connection toast may show now, given when the last one showed. */
export function mayShowLost(lastShownAt: number, now: number): boolean {
  return now - lastShownAt >= LOST_TOAST_GAP_MS;
}
