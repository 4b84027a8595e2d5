// --- Share cards (migration 2026-12-16-share-cards) ---------------------------------------------

export interface ShareCardChoicesTable {
  kind: string;
  entry_id: string;
  /** 'card' or 'photo' (src/shared/share-cards.ts). */
  mode: string;
  updated_at: string;
}

export interface ShareCardsTables {
  share_card_choices: ShareCardChoicesTable;
}
