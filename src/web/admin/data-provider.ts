import type { DataProvider, GetListParams, GetListResult, GetOneResult, RaRecord } from 'react-admin';
import { apiPaths, payloadKeys, type Resource } from '../../shared/api-paths.ts';
import { adminGet, adminPaths, adminSend, queryString, type ListAnswer } from './admin-api.ts';
import { filterContent } from './content-list.ts';
import { filterAndSortSignups, withCheckIns } from './event-signups.ts';
import type { RegistrationFill } from '../../shared/registrations.ts';
import { memberApiPaths } from '../../shared/member-paths.ts';
import { memberQuery } from './members-query.ts';

const CONTENT = new Set<string>(['events', 'news', 'partners']);
const isContent = (resource: string): resource is Resource => CONTENT.has(resource);
/** Events and news have a state: the admin reads them, drafts included, through her own routes. */
const isPublished = (resource: Resource): resource is 'events' | 'news' => resource !== 'partners';

/** Admin-API lists are paged and filtered by the server. */
async function serverList(resource: string, params: GetListParams) {
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  const filter = params.filter as Record<string, unknown>;
  if (resource === 'newsletter-subscribers') {
    return adminGet<ListAnswer<RaRecord>>(
      adminPaths.newsletterSubscribers + queryString({ ...filter, page, perPage }),
    );
  }
  if (resource === 'newsletter-campaigns')
    return adminGet<ListAnswer<RaRecord>>(adminPaths.newsletterCampaigns + queryString({ page, perPage }));
  if (resource === 'members')
    return adminGet<ListAnswer<RaRecord>>(
      memberApiPaths.members + queryString({ ...memberQuery(filter), page, perPage }),
    );
  const path =
    resource === 'requests'
      ? adminPaths.requests +
        queryString({ ...filter, page, perPage, order: params.sort?.order === 'ASC' ? 'asc' : 'desc' })
      : resource === 'audit'
        ? adminPaths.audit + queryString({ ...filter, page, perPage })
        : resource === 'arco'
          ? adminPaths.arcoRequests + queryString({ ...filter, page, perPage })
          : resource === 'admins'
            ? adminPaths.admins
            : adminPaths.uploads + queryString({ unused: filter?.unused ? 'true' : undefined });
  return adminGet<ListAnswer<RaRecord>>(path);
}

/**
 * The events with their sign-ups: the list and, in the same moment, the registrations summary for the
 * check-ins (one request for the whole list, joined by id). Without the summary the list still shows.
 */
async function eventList(params: GetListParams): Promise<GetListResult> {
  const [{ data }, fills] = await Promise.all([
    adminGet<{ data: RaRecord[] }>(adminPaths.contentList('events')),
    adminGet<{ data: RegistrationFill[] }>(adminPaths.registrationsSummary).then(
      (answer) => answer.data,
      () => undefined,
    ),
  ]);
  const signups = filterAndSortSignups(withCheckIns(data, fills), params);
  return filterContent('events', signups.records, signups.params);
}

/**
 * Speaks the site's API with its exact payload names: content is created as `{event}`, `{news}` or
 * `{partners}` and updated as `{eventId, eventData}` and so on. The three content lists are small,
 * so they come whole and are sorted, filtered and paged here.
 */
export const dataProvider: DataProvider = {
  async getList(resource, params) {
    if (resource === 'events') return eventList(params);
    if (isContent(resource)) {
      const { data } = await adminGet<{ data: RaRecord[] }>(
        isPublished(resource) ? adminPaths.contentList(resource) : apiPaths.list(resource),
      );
      return filterContent(resource, data, params);
    }
    return (await serverList(resource, params)) as GetListResult;
  },

  async getOne(resource, params) {
    const id = String(params.id);
    if (isContent(resource))
      return adminGet(
        isPublished(resource) ? adminPaths.contentItem(resource, id) : apiPaths.get(resource, id),
      );
    if (resource === 'requests') return adminGet(adminPaths.request(id));
    if (resource === 'arco') return adminGet(adminPaths.arcoRequest(id));
    if (resource === 'newsletter-campaigns') return adminGet(adminPaths.newsletterCampaign(id));
    if (resource === 'members') return adminGet(memberApiPaths.member(id));
    const { data } = await serverList(resource, {
      pagination: { page: 1, perPage: 200 },
      filter: {},
    } as GetListParams);
    const found = data.find((record) => String(record.id) === id);
    if (!found) throw new Error('No encontramos este elemento.');
    return { data: found } as GetOneResult;
  },

  async getMany(resource, params) {
    const records = await Promise.all(
      params.ids.map((id) => this.getOne(resource, { id }).then((r) => r.data)),
    );
    return { data: records };
  },

  async getManyReference(resource, params) {
    return this.getList(resource, params);
  },

  async create(resource, params) {
    if (isContent(resource)) {
      return adminSend('POST', apiPaths.create(resource), { [payloadKeys[resource].createKey]: params.data });
    }
    if (resource === 'admins') return adminSend('POST', adminPaths.admins, params.data);
    if (resource === 'newsletter-campaigns') {
      const { subject, html } = params.data as { subject: string; html: string };
      const { data } = await adminSend<{ data: { id: string } }>('POST', adminPaths.newsletterCampaigns, {
        data: { subject, html },
      });
      return { data: { ...params.data, id: data.id } } as never;
    }
    throw new Error(`No se puede crear en ${resource}`);
  },

  async update(resource, params) {
    const id = String(params.id);
    if (isContent(resource)) {
      const keys = payloadKeys[resource];
      // The slug and the date it became public are the server's: they are not part of the input.
      const {
        id: _id,
        slug: _slug,
        publishedAt: _publishedAt,
        ...fields
      } = params.data as Record<string, unknown>;
      return adminSend('PUT', apiPaths.update(resource), { [keys.idKey]: id, [keys.dataKey]: fields });
    }
    if (resource === 'requests') {
      return adminSend('PUT', adminPaths.requestStatus(id), {
        status: (params.data as { status: string }).status,
      });
    }
    if (resource === 'arco') {
      return adminSend('PUT', adminPaths.arcoRequestStatus(id), {
        status: (params.data as { status: string }).status,
      });
    }
    if (resource === 'newsletter-campaigns') {
      const { subject, html } = params.data as { subject: string; html: string };
      return adminSend('PUT', adminPaths.newsletterCampaign(id), { data: { subject, html } });
    }
    throw new Error(`No se puede editar en ${resource}`);
  },

  async updateMany(resource, params) {
    for (const id of params.ids) await this.update(resource, { id, data: params.data, previousData: { id } });
    return { data: params.ids };
  },

  async delete(resource, params) {
    const id = String(params.id);
    if (isContent(resource)) await adminSend('DELETE', apiPaths.remove(resource, id));
    else if (resource === 'admins') await adminSend('DELETE', adminPaths.admin(id));
    else if (resource === 'uploads') await adminSend('DELETE', adminPaths.uploadItem(id));
    else if (resource === 'requests') await adminSend('DELETE', adminPaths.request(id));
    else throw new Error(`No se puede eliminar en ${resource}`);
    return { data: params.previousData ?? ({ id } as never) };
  },

  async deleteMany(resource, params) {
    for (const id of params.ids) await this.delete(resource, { id });
    return { data: params.ids };
  },
};
