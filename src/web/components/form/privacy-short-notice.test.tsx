import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrivacyShortNotice } from './privacy-short-notice.tsx';

describe('the short privacy notice', () => {
  it('ends the purpose with one period, whether or not it came with one', () => {
    for (const purpose of ['enviarte un recordatorio', 'enviarte un recordatorio.']) {
      const { container, unmount } = render(<PrivacyShortNotice purpose={purpose} />);
      expect(container.textContent).toContain('enviarte un recordatorio. ');
      expect(container.textContent).not.toContain('recordatorio..');
      unmount();
    }
  });
});
