import { whatsappUrl } from '../content/identity.ts';
import { NEW_TAB_HINT } from './nav-links.ts';
import './whatsapp-button.css';

/**
 * The floating click-to-chat link shown on every page. Its mark is drawn here rather than taken from
 * brand-icons.tsx: this is the only one on screen at first, and the others come with the footer's code.
 */
export function WhatsAppButton() {
  return (
    <a
      className="whatsapp-button"
      href={whatsappUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Escríbenos por WhatsApp ${NEW_TAB_HINT}`}
    >
      <svg
        viewBox="0 0 24 24"
        width={30}
        height={30}
        fill="currentColor"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5.05-1.32A10 10 0 1 0 12 2Zm0 1.8a8.2 8.2 0 1 1-4.23 15.23l-.3-.18-3 .78.8-2.92-.2-.31A8.2 8.2 0 0 1 12 3.8Z" />
        <path d="M8.9 7.3c-.2-.46-.4-.47-.6-.48h-.5a.98.98 0 0 0-.7.33 2.96 2.96 0 0 0-.93 2.2c0 1.3.95 2.55 1.08 2.73.13.17 1.84 2.94 4.53 4 2.24.88 2.7.7 3.18.66.49-.05 1.57-.64 1.8-1.26.21-.62.21-1.15.15-1.26-.06-.11-.24-.18-.5-.31l-1.76-.86c-.24-.09-.41-.13-.58.13l-.8 1c-.15.18-.3.2-.56.07a7 7 0 0 1-2.06-1.27 7.7 7.7 0 0 1-1.43-1.78c-.15-.26 0-.4.11-.53l.39-.45c.13-.15.17-.26.26-.44.09-.17.04-.33-.02-.46L8.9 7.3Z" />
      </svg>
    </a>
  );
}
