import type { ReactNode } from 'react';
import { WhenNearViewport } from '../lib/deferred-hydration.tsx';
import { lazyWithPreload } from '../lib/lazy-component.tsx';
import { useRouteEffects } from './route-effects.ts';
import { SiteHeader } from './site-header.tsx';
import { TopBanner } from './top-banner.tsx';
import { WhatsAppButton } from './whatsapp-button.tsx';
import './site-layout.css';

// The footer is far below the first view: its code loads (and it hydrates) as the visitor nears it.
// The server's HTML shows it, links working, from the start.
const SiteFooter = lazyWithPreload(() => import('./site-footer.tsx').then((m) => m.SiteFooter));

/** Top banner, header, footer and the floating chat link around every page. */
export function SiteLayout({ children }: { children: ReactNode }) {
  useRouteEffects();
  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <TopBanner />
      <SiteHeader />
      <main id="contenido" tabIndex={-1}>
        {children}
      </main>
      <WhenNearViewport load={SiteFooter.load} fallback={null}>
        <SiteFooter />
      </WhenNearViewport>
      <WhatsAppButton />
    </>
  );
}
