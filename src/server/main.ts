import { flushCompileCache } from 'node:module';
import { buildApp, LOG_REDACT } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { claimServerPidFile, sqliteFileOf } from './db/database.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const pretty = process.stdout.isTTY && config.env !== 'production';
  const app = await buildApp(config, {
    logger: {
      level: config.logLevel,
      redact: LOG_REDACT,
      ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
    },
  });
  // db:restore refuses to replace the file while this pid file names a live process.
  const sqliteFile = sqliteFileOf(config.databaseUrl);
  if (sqliteFile) process.once('exit', claimServerPidFile(sqliteFile));
  app.server.keepAliveTimeout = 65_000;
  app.server.requestTimeout = 30_000;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight and the mail being sent');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    // Refuse new connections now: app.close() first waits for the mail being sent (preClose), and
    // meanwhile a load balancer must see this instance as gone rather than get 503s from it.
    app.server.close();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  // With NODE_COMPILE_CACHE set (the systemd units set it), every module is now compiled: written to the
  // cache at once rather than at exit, the next start finds them all, the type stripper included
  // (decision 044). Without it, nothing happens.
  flushCompileCache();
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`site ready at http://${shown}:${config.port}/Inicio`);
}

main().catch((error: unknown) => {
  console.error('El servidor no pudo iniciar:', error instanceof Error ? error.message : error);
  process.exit(1);
});
