import { describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import { openTestDatabase, testDialects } from '../test/databases.ts';
import { consentsOf, hasConsent, recordConsent, withdrawConsent } from './consents.repository.ts';

describe.each(testDialects)('the consent ledger on %s', (dialect) => {
  const handle = openTestDatabase(dialect);

  it('records who consented to what, from which form, under which notice, and a withdrawal', async () => {
    const { db } = handle;
    const givenAt = new Date('2026-11-25T17:00:00Z');
    await recordConsent(db, {
      email: ' Ana@Example.com ',
      purpose: 'privacy-notice',
      source: 'contacto',
      noticeVersion: PRIVACY_NOTICE_VERSION,
      refId: 'request-1',
      givenAt,
    });
    await recordConsent(db, {
      email: 'ana@example.com',
      purpose: 'newsletter',
      source: 'contacto',
      noticeVersion: PRIVACY_NOTICE_VERSION,
      givenAt: new Date('2026-11-25T17:00:01Z'),
    });
    expect(await hasConsent(db, 'ANA@example.com', 'newsletter')).toBe(true);
    expect(await hasConsent(db, 'otra@example.com', 'newsletter')).toBe(false);

    expect(await withdrawConsent(db, 'ana@example.com', 'newsletter', new Date('2026-11-26T10:00:00Z'))).toBe(
      1,
    );
    expect(await withdrawConsent(db, 'ana@example.com', 'newsletter')).toBe(0);
    expect(await hasConsent(db, 'ana@example.com', 'newsletter')).toBe(false);
    expect(await hasConsent(db, 'ana@example.com', 'privacy-notice')).toBe(true);

    const consents = await consentsOf(db, 'ana@EXAMPLE.com');
    expect(consents.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        email: 'ana@example.com',
        purpose: 'privacy-notice',
        source: 'contacto',
        noticeVersion: PRIVACY_NOTICE_VERSION,
        refId: 'request-1',
        givenAt: '2026-11-25T17:00:00.000Z',
        withdrawnAt: null,
      },
      {
        email: 'ana@example.com',
        purpose: 'newsletter',
        source: 'contacto',
        noticeVersion: PRIVACY_NOTICE_VERSION,
        refId: null,
        givenAt: '2026-11-25T17:00:01.000Z',
        withdrawnAt: '2026-11-26T10:00:00.000Z',
      },
    ]);
  });
});
