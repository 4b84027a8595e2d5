import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryCache, QueryCacheProvider, useQuery } from './query.tsx';

function List({ fn }: { fn: () => Promise<string[]> }) {
  const { data, isPending, isError } = useQuery({
    queryKey: ['things'],
    queryFn: fn,
    staleTime: 60_000,
    retry: 0,
  });
  if (isPending) return <p>cargando</p>;
  if (isError) return <p>falló</p>;
  return <p>{data?.join(', ')}</p>;
}

afterEach(() => vi.useRealTimers());

describe('the query cache', () => {
  it('shows data the server provided without fetching', () => {
    const fn = vi.fn(async () => ['nuevo']);
    const cache = new QueryCache({ '["things"]': ['del servidor'] });
    render(
      <QueryCacheProvider cache={cache}>
        <List fn={fn} />
      </QueryCacheProvider>,
    );
    expect(screen.getByText('del servidor')).toBeInTheDocument();
    expect(fn).not.toHaveBeenCalled();
  });

  it('loads when empty, then shows the data', async () => {
    const cache = new QueryCache();
    render(
      <QueryCacheProvider cache={cache}>
        <List fn={async () => ['a', 'b']} />
      </QueryCacheProvider>,
    );
    expect(screen.getByText('cargando')).toBeInTheDocument();
    expect(await screen.findByText('a, b')).toBeInTheDocument();
    expect(cache.dehydrate()).toEqual({ '["things"]': ['a', 'b'] });
  });

  it('reports a failure after its retries and ends loading', async () => {
    const cache = new QueryCache();
    const fn = vi.fn(async () => {
      throw new Error('500');
    });
    await act(() => cache.fetch({ queryKey: ['x'], queryFn: fn, retry: 0 }));
    expect(fn).toHaveBeenCalledTimes(1);
    expect(cache.entry(['x'])?.errorUpdatedAt).toBeGreaterThan(0);
    render(
      <QueryCacheProvider cache={new QueryCache()}>
        <List fn={fn} />
      </QueryCacheProvider>,
    );
    expect(await screen.findByText('falló')).toBeInTheDocument();
  });

  it('retries once before failing, and shares one request between readers', async () => {
    vi.useFakeTimers();
    const cache = new QueryCache();
    let calls = 0;
    const fn = async () => {
      calls++;
      if (calls === 1) throw new Error('temporal');
      return ['ok'];
    };
    const first = cache.fetch({ queryKey: ['y'], queryFn: fn });
    const second = cache.fetch({ queryKey: ['y'], queryFn: fn });
    expect(first).toBe(second);
    await vi.advanceTimersByTimeAsync(1_000);
    await first;
    expect(calls).toBe(2);
    expect(cache.entry(['y'])?.data).toEqual(['ok']);
  });
});
