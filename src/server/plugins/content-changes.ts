import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Resource } from '../../shared/api-paths.ts';
import { createContentBus, type ContentBus } from './content-bus.ts';

/** Told after every write to a content resource, made here or on another instance. */
export type ContentChangeListener = (resource: Resource) => void;

export interface ContentChanges {
  /** Tells this instance's listeners, then the other instances through the bus. */
  publish(resource: Resource): void;
  /**
   * Tells this instance's listeners only: for a change every instance sees by itself (a scheduled entry
   * whose time came), so none needs to be told by another.
   */
  notice(resource: Resource): void;
  /** Adds a listener for changes made here and elsewhere. */
  subscribe(listener: ContentChangeListener): void;
  /** How changes reach the other instances; none with a lone SQLite process. */
  readonly bus: ContentBus | undefined;
}

/**
 * Content changes in one place: whoever writes content publishes, whoever keeps what content produced
 * (rendered pages, prepared lists) subscribes. Changes from the other instances arrive through Redis
 * when REDIS_URL is set, else PostgreSQL's LISTEN/NOTIFY (content-bus.ts).
 */
export const contentChangesPlugin = fp(
  async (app: FastifyInstance) => {
    const listeners = new Set<ContentChangeListener>();
    const tell: ContentChangeListener = (resource) => {
      for (const listener of listeners) listener(resource);
    };
    const bus = createContentBus({
      redisUrl: app.config.redisUrl,
      postgres: app.dialect === 'postgres' ? { url: app.config.databaseUrl, db: app.db } : undefined,
      schema: app.config.databaseSchema,
      log: app.log,
      onRemoteChange: tell,
    });
    if (bus) {
      app.log.info({ transport: bus.transport }, 'content changes are told to the other instances');
      app.addHook('onClose', async () => bus.close());
    }
    app.decorate('contentChanges', {
      publish(resource) {
        tell(resource);
        bus?.publish(resource);
      },
      notice: tell,
      subscribe(listener) {
        listeners.add(listener);
      },
      bus,
    } satisfies ContentChanges);
  },
  { name: 'content-changes', dependencies: ['database'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    contentChanges: ContentChanges;
  }
}
