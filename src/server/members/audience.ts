import type { Kysely } from 'kysely';
import { clock } from '../../shared/clock.ts';
import type { Database } from '../db/schema.ts';
import type { MemberAudience } from '../plugins/member-audience.ts';
import { emailsInStatus } from './members.repository.ts';
import { listPlans } from './plans.repository.ts';

const PAGE = 500;

/** The member audiences a campaign may go to, read page by page at the moment they are asked for. */
export function memberAudience(now: () => Date): MemberAudience {
  return {
    async *emails(trx: Kysely<Database>, audience) {
      const status = audience === 'members-active' ? 'activa' : 'en_gracia';
      const plans = await listPlans(trx);
      const today = clock.today(now());
      let after = '';
      for (;;) {
        const page = await emailsInStatus(trx, status, today, plans, after, PAGE);
        yield* page;
        if (page.length < PAGE) return;
        after = page.at(-1)!;
      }
    },
  };
}
