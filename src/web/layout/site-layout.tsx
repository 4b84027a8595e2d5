import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast.tsx';
import { useRouteEffects } from './route-effects.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { TopBanner } from './top-banner.tsx';
import { WhatsAppButton } from './whatsapp-button.tsx';
import './site-layout.css';

/** Top banner, header, footer and the floating chat link around every page. */
export function SiteLayout({ children }: { children: ReactNode }) {
  useRouteEffects();
  return (
    <ToastProvider>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <TopBanner />
      <SiteHeader />
      <main id="contenido" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <WhatsAppButton />
    </ToastProvider>
  );
}
