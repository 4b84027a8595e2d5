import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listQuery, type ListQueryOptions } from './client.ts';
import { QueryCache, QueryCacheProvider, useQuery } from './query.tsx';
import { queryKeys } from './query-keys.ts';

function Names({ options }: { options?: ListQueryOptions }) {
  const { data, isPending, isError } = useQuery(listQuery(queryKeys.news, options));
  if (isPending) return <p>cargando</p>;
  if (isError) return <p>falló</p>;
  return <p>{data?.length ? data.map((entry) => entry.name).join(', ') : 'vacía'}</p>;
}

function renderWith(answer: () => Response, options?: ListQueryOptions) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryCacheProvider cache={new QueryCache()}>
      <Names options={options} />
    </QueryCacheProvider>,
  );
  return fetchMock;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const serverError = () => json({ error: { code: 'INTERNAL', message: 'Error interno' } }, 500);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a public list query', () => {
  it('asks the list’s API path and reads the items of its answer', async () => {
    const fetchMock = renderWith(() => json({ data: [{ name: 'Uno' }, { name: 'Dos' }] }));
    expect(await screen.findByText('Uno, Dos')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/news/get-all', expect.anything());
  });

  it('reads a bare array as the list', async () => {
    renderWith(() => json([{ name: 'Suelta' }]));
    expect(await screen.findByText('Suelta')).toBeInTheDocument();
  });

  it('reads an answer without a list as an empty one', async () => {
    renderWith(() => json({ data: null }));
    expect(await screen.findByText('vacía')).toBeInTheDocument();
  });

  it('keeps a failure for the screen to report', async () => {
    // Reported after the query cache's one retry, a second later.
    renderWith(serverError);
    expect(await screen.findByText('falló', {}, { timeout: 3_000 })).toBeInTheDocument();
  });

  it('logs a quiet failure and reads it as an empty list', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWith(serverError, { quietFailure: 'Sin lista.' });
    expect(await screen.findByText('vacía')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Sin lista.', expect.any(Error));
  });
});
