import { describe, expect, it } from 'vitest';
import { mailtoHref } from './mail-links.ts';

describe('mailtoHref', () => {
  it('keeps a plain address readable', () => {
    expect(mailtoHref('ana.lopez+boletin@example.org')).toBe('mailto:ana.lopez%2Bboletin@example.org');
  });

  it('encodes everything that would add a query, a fragment or a recipient', () => {
    const href = mailtoHref('x?bcc=spy%40evil.example&subject=hola@example.org');
    const url = new URL(href);
    expect(url.search).toBe('');
    expect(url.hash).toBe('');
    expect(href).toBe('mailto:x%3Fbcc%3Dspy%2540evil.example%26subject%3Dhola@example.org');
    expect(decodeURIComponent(url.pathname)).toBe('x?bcc=spy%40evil.example&subject=hola@example.org');
  });
});
