import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import type { ReceivedMessage } from '../src/server/test/smtp-peer.ts';
import { appendAxeCheck } from '../scripts/axe-record.ts';
import { MAILBOX_DIR } from './paths.ts';

/** A message the SMTP peer accepted, as e2e/serve.ts writes it to the mailbox folder. */
export type MailboxMessage = Omit<ReceivedMessage, 'headers' | 'raw' | 'receivedAt'> & {
  /** The header block as sent, folded lines joined. */
  rawHeaders: string;
};

/** One header of a message from the mailbox, as sent. */
export const mailHeader = (message: MailboxMessage, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(message.rawHeaders)?.[1]?.trim();

export interface Mailbox {
  /** Every message received so far in this run. */
  all(): MailboxMessage[];
  /** Waits until a message matching `predicate` arrives (default 15 s) and returns it. */
  waitFor(predicate: (message: MailboxMessage) => boolean, timeoutMs?: number): Promise<MailboxMessage>;
}

const mailbox: Mailbox = {
  all() {
    if (!existsSync(MAILBOX_DIR)) return [];
    return readdirSync(MAILBOX_DIR)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => JSON.parse(readFileSync(join(MAILBOX_DIR, file), 'utf8')) as MailboxMessage);
  },
  async waitFor(predicate, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = this.all().find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('No llegó el correo esperado al servidor SMTP de pruebas');
  },
};

/** The widths the spec's styles break at, plus the common device widths. */
export const SPEC_BREAKPOINTS = [
  1920, 1800, 1600, 1440, 1366, 1200, 1135, 1024, 1000, 930, 900, 850, 820, 768, 750, 700, 590, 550, 500, 460,
  450, 428, 400, 390, 360, 320, 300,
];

/** Fails when the page is wider than the viewport (horizontal scrolling). */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `page overflows by ${overflow}px at ${page.viewportSize()?.width}px`).toBeLessThanOrEqual(
    0,
  );
}

/**
 * An axe-core scan that fails on serious or critical violations. A scan that passes is recorded
 * (scripts/axe-record.ts): the accessibility statement shows the last run's date and pages.
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    severe.map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`),
  ).toEqual([]);
  appendAxeCheck(new URL(page.url()).pathname);
}

/** Makes `page.goto` return once the page is hydrated (the `page` fixture's pages, and tabs a test opens). */
export function gotoWaitsForHydration(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    return response;
  };
  return page;
}

export const test = base.extend<{ mailbox: Mailbox; consoleErrors: string[] }>({
  // Pages arrive rendered by the server; a test acts once the browser has taken them over (hydrated),
  // as a person's first click would only be handled from then on.
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled ? gotoWaitsForHydration(page) : page);
  },
  mailbox: async ({}, use) => {
    await use(mailbox);
  },
  // Errors the page logs; a test may assert on them (the spec logs some failures on purpose).
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };
