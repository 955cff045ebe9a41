import { type ChildProcess, fork } from 'node:child_process';

/**
 * A server the bench runs in a process of its own (scripts/bench-app.ts, bench-realtime.ts):
 * the module forks itself, and the two sides talk over IPC with messages that carry a `type`.
 * The child reports a failure as `{ type: 'error', message }`, printed under `name`.
 */
export interface BenchChild<M extends { type: string }> {
  child: ChildProcess;
  /** Sends `send` (if any) and resolves with the child's next message of `type`. */
  ask<T extends M['type']>(type: T, send?: string): Promise<Extract<M, { type: T }>>;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
}

export function forkBenchChild<M extends { type: string }>(
  module: string,
  name: string,
  env: Record<string, string | undefined>,
  execArgv: string[] = [],
  opts: { drainStdout?: boolean } = {},
): BenchChild<M> {
  const child = fork(module, [], {
    env: { ...process.env, ...env },
    execArgv: [...process.execArgv, ...execArgv],
    // drainStdout: the child's stdout (its request logs) goes to a pipe read and thrown away.
    stdio: ['ignore', opts.drainStdout ? 'pipe' : 'inherit', 'inherit', 'ipc'],
  });
  child.stdout?.resume();
  const waiting = new Map<string, (m: M) => void>();
  child.on('message', (m: M) => {
    if (m.type === 'error') console.error(`${name}: ${(m as { message?: string }).message}`);
    waiting.get(m.type)?.(m);
  });
  return {
    child,
    ask: <T extends M['type']>(type: T, send?: string) =>
      new Promise<Extract<M, { type: T }>>((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`${name} exited (${code})`));
        child.once('exit', onExit);
        waiting.set(type, (m) => {
          child.off('exit', onExit);
          waiting.delete(type);
          resolve(m as Extract<M, { type: T }>);
        });
        if (send) child.send(send);
      }),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
