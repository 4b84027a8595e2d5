// What the privacy notice's consents share between the forms, the routes and the ledger.

/**
 * The privacy notice's version: the day it was last changed. Every consent is recorded with it, so the
 * association can show which text a person accepted. Change it with the notice (web/content/privacy.ts).
 */
export const PRIVACY_NOTICE_VERSION = '2026-12-19';

/**
 * What a person may consent to: `privacy-notice` covers the notice's necessary purposes (sending a form
 * is the tacit consent the law allows for them); every voluntary purpose is its own, asked for in an
 * unticked box and recorded only when ticked. `member-directory`: a member shown in the public
 * directory of members, with the fields she chose (withdrawn when she unticks it). `survey-quote`: a
 * survey's answer that staff may quote with her name.
 */
export const CONSENT_PURPOSES = ['privacy-notice', 'newsletter', 'member-directory', 'survey-quote'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
