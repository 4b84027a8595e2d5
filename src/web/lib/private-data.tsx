import { createContext, useContext, type ReactNode } from 'react';
import type { PrivatePageData } from '../../shared/page-data.ts';

const PrivateDataContext = createContext<PrivatePageData | undefined>(undefined);

/** Holds a private page's own data (rendered for one visitor), for the page it belongs to. */
export function PrivateDataProvider({ data, children }: { data?: PrivatePageData; children: ReactNode }) {
  return <PrivateDataContext.Provider value={data}>{children}</PrivateDataContext.Provider>;
}

/** The private data of the page, when they are of one of these kinds (a page reads only its own). */
export function usePrivateData<T extends PrivatePageData>(...kinds: T['kind'][]): T | undefined {
  const data = useContext(PrivateDataContext);
  return data && kinds.includes(data.kind) ? (data as T) : undefined;
}
