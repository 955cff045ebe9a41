import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { type DatabaseLog, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { startInstance } from './instance.ts';
import { systemClock } from './lib/clock.ts';

const started = performance.now();

/** The configuration, or exit 1 with what is wrong in it. */
function configOrExit(): Config {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  config.webDist ??= resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  return config;
}

async function main() {
  const config = configOrExit();

  // Pool errors go to the app's logger once it exists, to stderr before that.
  let log: DatabaseLog = { error: (obj, msg) => console.error(msg, obj) };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    preparedStatements: config.databasePreparedStatements,
    poolMax: config.databasePoolMax,
    log: { error: (obj, msg) => log.error(obj, msg) },
  });
  const applied = await migrate(database);
  const ctx = createContext(config, database, systemClock);
  const { app, stop } = await startInstance(ctx, {
    onLogger: (logger) => {
      log = logger;
      if (applied.length) logger.info({ applied }, 'migrations applied');
    },
  });

  const shutdown = shutdownOnce(app, [...stop, () => database.close()]);
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { engine: database.engine, startupMs: Math.round(performance.now() - started) },
    `P2P Market on http://${config.host}:${config.port}`,
  );
}

/**
 * Stops the parts in order, once however many signals arrive; exit 0 when all stopped, 1 on a
 * failure or after 10 s.
 */
function shutdownOnce(app: FastifyInstance, steps: (() => Promise<unknown>)[]) {
  let closing = false;
  return async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      for (const step of steps) await step();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
