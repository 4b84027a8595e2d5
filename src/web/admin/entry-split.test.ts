// @vitest-environment node
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLoad } from '../test/bundle-graph.ts';

// Markers only react-admin and Material UI code carries, even minified.
const EDITOR_MARKER = 'ra.tiptap';
const ADMIN_MARKERS = ['ra.action.', 'RaDatagrid', 'MuiButtonBase', EDITOR_MARKER];

const withoutAdmin: Plugin = {
  name: 'without-admin-entry',
  config(config) {
    const input = config.build?.rollupOptions?.input as Record<string, string> | undefined;
    delete input?.admin;
  },
};

async function buildInto(dir: string, plugins: Plugin[]) {
  await build({
    configFile: join(process.cwd(), 'vite.config.ts'),
    mode: 'production',
    logLevel: 'error',
    plugins,
    build: { outDir: dir, emptyOutDir: true, chunkSizeWarningLimit: 5_000 },
  });
}

describe('the admin is its own entry', () => {
  let root: string;
  let withAdmin: string;
  let publicOnly: string;

  beforeAll(async () => {
    // The test runner's NODE_ENV would make a development build (another JSX runtime).
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    root = mkdtempSync(join(tmpdir(), 'entry-split-'));
    withAdmin = join(root, 'with-admin');
    publicOnly = join(root, 'public-only');
    await buildInto(withAdmin, []);
    await buildInto(publicOnly, [withoutAdmin]);
    process.env.NODE_ENV = previous;
  }, 180_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('leaves every public file byte for byte as a build without the admin makes it', () => {
    const assets = (dir: string) => readdirSync(join(dir, 'assets')).sort();
    const adminOnly = assets(withAdmin).filter((file) => !assets(publicOnly).includes(file));
    // Asset names carry their content's hash: the same name is the same bytes.
    expect(assets(withAdmin).filter((file) => !adminOnly.includes(file))).toEqual(assets(publicOnly));
    // The admin's entry, and the parts it loads later (the news editor), are the only new files.
    expect(adminOnly.some((file) => file.startsWith('admin-'))).toBe(true);
    const publicFiles = assets(publicOnly).filter((file) => file.endsWith('.js'));
    for (const file of publicFiles) {
      const code = readFileSync(join(withAdmin, 'assets', file), 'utf8');
      for (const marker of ADMIN_MARKERS) expect(code.includes(marker), `${marker} in ${file}`).toBe(false);
    }
    expect(readFileSync(join(withAdmin, 'index.html'), 'utf8')).toBe(
      readFileSync(join(publicOnly, 'index.html'), 'utf8'),
    );
  });

  it("keeps the public entry's first-load JavaScript the same size and free of admin code", () => {
    const publicLoad = firstLoad(withAdmin, 'index.html');
    expect(publicLoad).toEqual(firstLoad(publicOnly, 'index.html'));
    expect(publicLoad.files.some((file) => file.includes('admin'))).toBe(false);
    for (const file of publicLoad.files) {
      const code = readFileSync(join(withAdmin, file), 'utf8');
      for (const marker of ADMIN_MARKERS) expect(code.includes(marker), `${marker} in ${file}`).toBe(false);
    }
    // The markers do find react-admin where it is, so their absence above means something: all but
    // the rich-text editor's in the admin's first load, and the editor's in a part it loads later.
    const adminCode = (files: string[]) =>
      files.map((file) => readFileSync(join(withAdmin, file), 'utf8')).join('\n');
    const firstAdminLoad = adminCode(firstLoad(withAdmin, 'admin/index.html').files);
    // The first screen is the summary: the lists' table (RaDatagrid) and the editor come later.
    const later = [EDITOR_MARKER, 'RaDatagrid'];
    for (const marker of ADMIN_MARKERS.filter((m) => !later.includes(m)))
      expect(firstAdminLoad.includes(marker), marker).toBe(true);
    const everyAdminFile = readdirSync(join(withAdmin, 'assets')).filter((file) => file.endsWith('.js'));
    const everyAdminCode = adminCode(everyAdminFile.map((file) => `assets/${file}`));
    for (const marker of later) {
      expect(firstAdminLoad.includes(marker), marker).toBe(false);
      expect(everyAdminCode.includes(marker), marker).toBe(true);
    }
  });
});
