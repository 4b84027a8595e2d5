import { describe, expect, it } from 'vitest';
import { sanitizeNewsHtml } from './sanitize.ts';

describe('news HTML', () => {
  it('gives every link that opens elsewhere rel="noopener noreferrer", whatever its target', () => {
    for (const target of ['_blank', 'otra', '_parent', '_top']) {
      const html = sanitizeNewsHtml(
        `<p><a href="https://example.org" target="${target}" rel="opener">x</a></p>`,
      );
      expect(html, target).toContain(`target="${target}"`);
      expect(html, target).toContain('rel="noopener noreferrer"');
      expect(html, target).not.toContain('rel="opener"');
    }
    // A link that stays in this tab keeps what it had.
    expect(sanitizeNewsHtml('<a href="https://example.org">x</a>')).toBe(
      '<a href="https://example.org">x</a>',
    );
  });
});
