import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/** Records every script the page downloads; `total()` says their gzipped (-9) size, with a breakdown. */
export function watchScriptSizes(page: Page) {
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(
      response.url(),
      response.body().then((body) => gzipSync(body, { level: 9 }).length),
    );
  });
  return {
    async total(): Promise<{ bytes: number; detail: string }> {
      const sizes = await Promise.all(scripts.values());
      const detail = [...scripts.keys()]
        .map((url, index) => `${new URL(url).pathname} ${sizes[index]}`)
        .join('\n');
      return { bytes: sizes.reduce((sum, size) => sum + size, 0), detail };
    },
  };
}
