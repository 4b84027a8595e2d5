import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { openDatabase, type Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { migrateToLatest } from '../db/migrate.ts';

/** Opens the configured database, brings its schema up to date and closes it with the app. */
export const databasePlugin = fp(
  async (app: FastifyInstance) => {
    const handle = openDatabase(app.config.databaseUrl, { schema: app.config.databaseSchema });
    await migrateToLatest(handle.db, { schema: app.config.databaseSchema });
    app.decorate('db', handle.db);
    app.decorate('dialect', handle.dialect);
    app.addHook('onClose', async () => {
      await handle.close();
    });
  },
  { name: 'database' },
);

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
  }
}
