import {
  ColumnNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { storeRequest } from '../requests/accept-request.ts';
import { MAIL, contactRequest, createClock, outboxRows, testWorker, mailTestBed } from '../test/mail.ts';

const LEASE_MS = 30_000;

type Statement = 'claim' | 'mark-sent';

/** Which of the worker's statements a query is: the claim sets a claim token, the outcome sets sent_at. */
function statementOf(node: RootOperationNode): Statement | undefined {
  if (node.kind !== 'UpdateQueryNode') return undefined;
  const columns = (node.updates ?? []).map((update) =>
    ColumnNode.is(update.column) ? update.column.column.name : '',
  );
  if (columns.includes('sent_at')) return 'mark-sent';
  if (columns.includes('claim_token') && node.with) return 'claim';
  return undefined;
}

/**
 * Makes the database fail the way a dropped connection does, for one kind of statement:
 * - `after`: the statement runs and commits, but its answer never arrives;
 * - `before`: the statement never reaches the database.
 */
function connectionLoss(statement: Statement, when: 'before' | 'after', times = 1) {
  let left = times;
  const doomed = new Set<unknown>();
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs) {
      if (left > 0 && statementOf(node) === statement) {
        left--;
        if (when === 'before') throw new Error('Connection terminated unexpectedly');
        doomed.add(queryId);
      }
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (doomed.delete(queryId)) throw new Error('Connection terminated unexpectedly');
      return result;
    },
  };
  return plugin;
}

describe.each(testDialects)('mail across a database failure on %s', (dialect) => {
  const bed = mailTestBed(dialect);

  it('sends at the next pass, not after the lease, mail whose claim committed but whose answer was lost', async () => {
    const clock = createClock();
    const id = await storeRequest(bed.handle.db, contactRequest, MAIL);
    const worker = testWorker(bed.handle.db.withPlugin(connectionLoss('claim', 'after')), dialect, {
      smtpUrl: bed.peer.url,
      now: clock.now,
      mail: { leaseMs: LEASE_MS },
    });

    await expect(worker.runOnce()).rejects.toThrow(/Connection terminated/);
    // The database did take the claim: both rows are held, and nobody is sending them.
    const held = await outboxRows(bed.handle.db, id);
    expect(held.map((row) => row.status)).toEqual(['sending', 'sending']);
    expect(held.every((row) => row.claim_token && row.locked_until! > clock.now().toISOString())).toBe(true);

    // The very next pass, well inside the lease, gives them back and sends them.
    expect(await worker.runOnce()).toBe(2);
    const messages = await bed.peer.waitForMessages(2);
    const rows = await outboxRows(bed.handle.db, id);
    expect(rows.map((row) => [row.status, row.attempts, row.claim_token])).toEqual([
      ['sent', 1, null],
      ['sent', 1, null],
    ]);
    expect(messages.map((message) => message.messageId).sort()).toEqual(
      rows.map((row) => row.message_id).sort(),
    );

    // Long after every lease, nothing goes out twice.
    clock.advance(10 * LEASE_MS);
    expect(await worker.runOnce()).toBe(0);
    expect(bed.peer.messages).toHaveLength(2);
  });

  it('records later, and never sends twice, mail that went out while the database could not take the outcome', async () => {
    const clock = createClock();
    const id = await storeRequest(bed.handle.db, contactRequest, MAIL);
    const worker = testWorker(bed.handle.db.withPlugin(connectionLoss('mark-sent', 'before', 2)), dialect, {
      smtpUrl: bed.peer.url,
      now: clock.now,
      mail: { leaseMs: LEASE_MS },
    });

    expect(await worker.runOnce()).toBe(2);
    await bed.peer.waitForMessages(2);
    expect((await outboxRows(bed.handle.db, id)).map((row) => row.status)).toEqual(['sending', 'sending']);

    // The database answers again: the outcomes are written before anything else is claimed.
    expect(await worker.runOnce()).toBe(0);
    expect((await outboxRows(bed.handle.db, id)).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
    clock.advance(10 * LEASE_MS);
    expect(await worker.runOnce()).toBe(0);
    expect(bed.peer.messages).toHaveLength(2);
  });

  it('keeps an outcome it could not write across passes that fail, and writes it when it can', async () => {
    const id = await storeRequest(bed.handle.db, contactRequest, MAIL);
    // The database goes away just as the first outcome is written, and stays away for two passes.
    let down = false;
    let struck = false;
    const outage: KyselyPlugin = {
      transformQuery({ node }) {
        if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        if (!struck && statementOf(node) === 'mark-sent') {
          struck = down = true;
          throw new Error('Connection terminated unexpectedly');
        }
        return node;
      },
      async transformResult({ result }) {
        return result;
      },
    };
    const worker = testWorker(bed.handle.db.withPlugin(outage), dialect, {
      smtpUrl: bed.peer.url,
      mail: { leaseMs: LEASE_MS },
    });

    expect(await worker.runOnce()).toBe(2);
    await bed.peer.waitForMessages(2);
    await expect(worker.runOnce()).rejects.toThrow(/ECONNREFUSED/);
    await expect(worker.runOnce()).rejects.toThrow(/ECONNREFUSED/);
    down = false;
    expect(await worker.runOnce()).toBe(0);
    expect((await outboxRows(bed.handle.db, id)).map((row) => row.status)).toEqual(['sent', 'sent']);
    expect(bed.peer.messages).toHaveLength(2);
  });
});
