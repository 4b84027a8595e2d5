import { z } from 'zod';
import { messages } from './messages.ts';
import { SHARE_CARD_MODES } from './share-cards.ts';

export const ShareCardChoiceSchema = z.strictObject(
  { mode: z.enum(SHARE_CARD_MODES, { error: messages.invalidValue }) },
  { error: messages.unknownField },
);
export type ShareCardChoice = z.infer<typeof ShareCardChoiceSchema>;

/** What the admin reads of an entry's card: the choice, and the address of its current version. */
export const AdminShareCardSchema = z.object({
  mode: z.enum(SHARE_CARD_MODES),
  /** The card's public address with its version, so a browser never shows an older one. */
  src: z.string(),
  /** Whether visitors can open the card now (only staff see a draft's). */
  public: z.boolean(),
  /** Whether the entry has a photo of its own that a card can show. */
  hasPhoto: z.boolean(),
  alt: z.string(),
});
export type AdminShareCard = z.infer<typeof AdminShareCardSchema>;
