/**
 * Runs `steps` in order: the first now, each next one in a task of its own, so that work done
 * after the first paint never holds a phone's main thread in one long task (a task over 50 ms
 * counts as blocking time; docs/decisions/048). Input and rendering get their turn in between.
 */
export function inTurns(steps: readonly (() => void)[]): void {
  const [step, ...rest] = steps;
  if (!step) return;
  step();
  if (rest.length > 0) setTimeout(() => inTurns(rest), 0);
}
