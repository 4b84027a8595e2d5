import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BOOT_SCRIPT,
  BOOT_SCRIPT_SOURCE,
  bootAfterFirstPaint,
  bootsAfterFirstPaint,
  withPagePreloads,
} from './boot-script.ts';

// The shape Vite gives the built template's head.
const built = `<!doctype html>
<html lang="es-MX">
  <head>
    <meta charset="UTF-8" />
    <title>x</title>
    <script type="module" crossorigin src="/assets/main-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-1.js">
    <link rel="modulepreload" crossorigin href="/assets/react-2.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('the boot script', () => {
  it('takes the place of the entry script and its preloads, at the end of the body', () => {
    const html = bootAfterFirstPaint(built);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain(
      `<script data-src="/assets/main-abc.js" data-preload="/assets/runtime-1.js /assets/react-2.js">${BOOT_SCRIPT}</script>\n  </body>`,
    );
    expect(bootsAfterFirstPaint(html)).toBe(true);
  });

  it('adds each page’s chunks to what it preloads, once each', () => {
    const html = withPagePreloads(bootAfterFirstPaint(built), ['/assets/inicio-3.js', '/assets/react-2.js']);
    expect(html).toContain('data-preload="/assets/runtime-1.js /assets/react-2.js /assets/inicio-3.js"');
  });

  it('leaves a template without a built entry as it is', () => {
    const dev = '<html><head><script type="module" src="/main.tsx"></script></head><body></body></html>';
    expect(bootAfterFirstPaint(dev)).toBe(dev);
    expect(bootsAfterFirstPaint(dev)).toBe(false);
  });

  it('is allowed by its hash in the Content-Security-Policy, and is the same for every page', () => {
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(BOOT_SCRIPT_SOURCE).toBe(`'sha256-${hash}'`);
    expect(BOOT_SCRIPT).not.toMatch(/assets\//);
  });
});
