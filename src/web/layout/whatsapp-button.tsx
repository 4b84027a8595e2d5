import { whatsappUrl } from '../content/identity.ts';
import { WhatsAppIcon } from './brand-icons.tsx';
import { NEW_TAB_HINT } from './nav-links.ts';
import './whatsapp-button.css';

/** The floating click-to-chat link shown on every page. */
export function WhatsAppButton() {
  return (
    <a
      className="whatsapp-button"
      href={whatsappUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Escríbenos por WhatsApp ${NEW_TAB_HINT}`}
    >
      <WhatsAppIcon size={30} />
    </a>
  );
}
