import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes, payloadKeys, type Resource } from '../../shared/api-paths.ts';
import { ApiErrorSchema, IdSchema, dataEnvelope } from '../../shared/schemas.ts';
import { isDatabaseUnavailable } from '../db/database.ts';
import { DeletedSchema, found, recordSchema } from '../lib/route-helpers.ts';
import { PREPARED_ROUTE, prepareBody, sendPrepared, type PreparedBody } from '../site/prepared-body.ts';
import { adminWrites, type ContentStore } from './content.service.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
/** Lists may be kept, but asked again each time (their ETag makes that a 304). */
const CACHE_CONTROL = 'no-cache';

export interface ContentResource<Input, Entity> {
  resource: Resource;
  input: z.ZodType<Input>;
  entity: z.ZodType<Entity>;
  /** Events and news: the entity as the admin reads it, with its state. */
  adminEntity?: z.ZodType;
  store: ContentStore<Input, Entity>;
  /** The time that decides what is public (a test's clock, else the system's). */
  now: () => Date;
}

/**
 * The two reads every content resource has: its list and one entry by id. They answer every visitor
 * alike, so they live apart from the writes, where no session is read (app.ts).
 */
export function contentReadRoutes<Input, Entity>(
  definition: ContentResource<Input, Entity>,
): FastifyPluginAsyncZod {
  const { resource, store, now } = definition;
  const listEnvelope = dataEnvelope(z.array(definition.entity));

  return async (app) => {
    // The list every visitor's page asks for: read, checked against its schema (nothing extra leaks),
    // serialised and compressed once, until this resource changes here or on another instance.
    let list: Promise<PreparedBody> | undefined;
    /** The same list once it is made, so most requests need not wait on a promise. */
    let ready: PreparedBody | undefined;
    /**
     * The last list made, kept when a change drops `ready`: what is served while the database cannot be
     * read (a reconnected bus counts everything as changed, though mostly nothing did).
     */
    let lastMade: PreparedBody | undefined;
    let generation = 0;
    const path = apiRoutes.list(resource);
    app.contentChanges.subscribe((changed) => {
      if (changed !== resource) return;
      generation++;
      list = undefined;
      ready = undefined;
    });
    const prepareList = () => {
      const started = generation;
      const prepared = store
        .list(app.db, now())
        .then((data) => prepareBody(JSON.stringify(listEnvelope.parse({ data }))));
      // A failed read is not kept, nor one that a write overtook.
      const forget = () => {
        if (list === prepared) list = undefined;
      };
      prepared.then((body) => {
        lastMade = body;
        if (started !== generation) return forget();
        ready = body;
      }, forget);
      return prepared;
    };

    app.get(
      path,
      // The schema documents the answer; the body sent is the prepared one, checked once when made.
      { ...PREPARED_ROUTE, schema: { response: { 200: listEnvelope } } },
      (request, reply) => {
        reply.header('Cache-Control', CACHE_CONTROL);
        if (ready) {
          sendPrepared(request, reply, ready, JSON_TYPE);
          return;
        }
        list ??= prepareList();
        return list.then(
          (body) => {
            sendPrepared(request, reply, body, JSON_TYPE);
          },
          (error: unknown) => {
            // Out of reach, the database cannot say what changed: the last list made beats a 503.
            if (!lastMade || !isDatabaseUnavailable(error)) throw error;
            request.log.warn({ err: error }, `${resource} list served as last made: database unavailable`);
            sendPrepared(request, reply, lastMade, JSON_TYPE);
          },
        );
      },
    );

    app.get(apiRoutes.get(resource), { schema: recordSchema(definition.entity) }, async (request, reply) => {
      // Only what is public: a draft's or a scheduled entry's id is unknown here (the admin reads it
      // through her own routes).
      const entity = found(await store.get(app.db, request.params.id, now()));
      reply.header('Cache-Control', 'no-cache');
      return { data: entity };
    });
  };
}

/**
 * The three writes, with the spec's payload names: create `{[createKey]}`, update `{[idKey], [dataKey]}`.
 * They need an admin (and CSRF, checked globally); each is published as a content change. Events and
 * news are answered as the admin reads them, with their state.
 */
export function contentWriteRoutes<Input, Entity>(
  definition: ContentResource<Input, Entity>,
): FastifyPluginAsyncZod {
  const { resource, store, now } = definition;
  const keys = payloadKeys[resource];
  const one = dataEnvelope(definition.adminEntity ?? definition.entity);
  const createBody = z.strictObject({ [keys.createKey]: definition.input });
  const updateBody = z.strictObject({ [keys.idKey]: IdSchema, [keys.dataKey]: definition.input });

  return async (app) => {
    const writes = adminWrites(app, resource, store, now);

    app.post(
      apiRoutes.create(resource),
      {
        schema: { body: createBody, response: { 201: one, 401: ApiErrorSchema } },
      },
      async (request, reply) => {
        const input = (request.body as Record<string, Input>)[keys.createKey] as Input;
        return reply.code(201).send({ data: await writes.create(input) });
      },
    );

    app.put(
      apiRoutes.update(resource),
      {
        schema: { body: updateBody, response: { 200: one, 401: ApiErrorSchema, 404: ApiErrorSchema } },
      },
      async (request) => {
        const body = request.body as Record<string, unknown>;
        return { data: found(await writes.update(body[keys.idKey] as string, body[keys.dataKey] as Input)) };
      },
    );

    app.delete(apiRoutes.remove(resource), { schema: recordSchema(DeletedSchema, 401) }, async (request) => ({
      data: found(await writes.remove(request.params.id)),
    }));
  };
}
