import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationPaths } from '../../shared/registration-paths.ts';
import { eventsContent as eventsRepository } from '../content/content.service.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { eventInput } from '../test/events.ts';

const SITE = 'https://sitio.example.org';

describe('the sign-up form posted without script, over its limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { contactRateLimit: 2 });
  });
  afterAll(async () => t.close());

  it('counts every post as it arrives, a refused one included, and stores nothing past the limit', async () => {
    const event = await eventsRepository.create(
      t.app.db,
      eventInput({ registration: { enabled: true, capacity: 20 } }),
    );
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: registrationPaths.send(event.id),
        headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    // Two bodies too large to be a form: refused before they are read, and counted all the same.
    expect((await post(`fullName=${'a'.repeat(20 * 1024)}`)).statusCode).toBe(413);
    expect((await post(`fullName=${'a'.repeat(20 * 1024)}`)).statusCode).toBe(413);
    const third = await post('fullName=Ana+Ruiz&email=ana.ruiz%40example.org&website=');
    expect(third.statusCode).toBe(429);
    expect(third.headers['content-type']).toMatch(/^text\/html/);
    const stored = await t.app.db.selectFrom('registrations').select('id').execute();
    expect(stored).toHaveLength(0);
  });
});
