import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax']);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });
});

/** The boundary messages `npm run lint` would give this code at this path (the file need not exist). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId !== null && BOUNDARY_RULES.has(message.ruleId))
    .map((message) => message.message);
}

describe('the lint boundaries', () => {
  const inFeature = 'src/web/features/membership/boundary-check.ts';

  it('keep a feature from importing another, statically or on demand', async () => {
    expect(
      await boundaryErrors(inFeature, "export { ContactForm } from '../request-form/contact-form.tsx';\n"),
    ).toEqual([expect.stringMatching(/Features never import each other/)]);
    expect(
      await boundaryErrors(
        inFeature,
        "export const load = () => import('../request-form/membership-request-form.tsx');\n",
      ),
    ).toEqual([expect.stringMatching(/Features never import each other/)]);
    expect(
      await boundaryErrors(inFeature, "export { NewsList } from '../../features/news/news-list.tsx';\n"),
    ).toEqual([expect.stringMatching(/Features never import each other/)]);
  });

  it('let a feature import its own files, lib/, components/ and shared/', async () => {
    const code = [
      "export { MembershipPlans } from './membership-plans.tsx';",
      "export { lazyWithPreload } from '../../lib/lazy-component.tsx';",
      "export { Button } from '../../components/button.tsx';",
      "export { messages } from '../../../shared/messages.ts';",
      "export const load = () => import('../membership/membership-plans.tsx');",
      '',
    ].join('\n');
    expect(await boundaryErrors(inFeature, code)).toEqual([]);
  });

  it('still keep server code out of a feature', async () => {
    expect(await boundaryErrors(inFeature, "export { buildApp } from '../../../server/app.ts';\n")).toEqual([
      expect.stringContaining('The web app never imports server code.'),
    ]);
  });

  it('keep React Router out of the public site, and let the admin use it', async () => {
    const code = "export { Link } from 'react-router';\n";
    for (const path of ['src/web/pages/boundary-check.tsx', inFeature, 'src/web/layout/boundary-check.ts']) {
      expect(await boundaryErrors(path, code)).toEqual([expect.stringMatching(/its own router/)]);
    }
    expect(await boundaryErrors('src/web/admin/boundary-check.tsx', code)).toEqual([]);
  });

  it('keep the layout off features, and let it use lib/', async () => {
    const inLayout = 'src/web/layout/boundary-check.ts';
    expect(
      await boundaryErrors(inLayout, "export { useNews } from '../features/news/get-news.ts';\n"),
    ).toEqual([expect.stringMatching(/The layout never imports features/)]);
    expect(
      await boundaryErrors(inLayout, "export const load = () => import('../features/news/news-list.tsx');\n"),
    ).toEqual([expect.stringMatching(/The layout never imports features/)]);
    expect(
      await boundaryErrors(inLayout, "export { useScrollSpy } from '../lib/use-scroll-spy.ts';\n"),
    ).toEqual([]);
  });

  it('let pages put features together', async () => {
    const code = "export { NewsList } from '../../features/news/news-list.tsx';\n";
    expect(await boundaryErrors('src/web/pages/inicio/boundary-check.ts', code)).toEqual([]);
  });

  it('keep repositories off route modules and HTTP errors', async () => {
    const inRepository = 'src/server/content/boundary-check.repository.ts';
    const code = [
      "export { contentWriteRoutes } from './crud.routes.ts';",
      "export { calendarRoutes } from './calendar.routes.ts';",
      "export { HttpError } from '../plugins/errors.ts';",
      "export { InvalidInputError } from '../domain-errors.ts';",
      "export { tableRepository } from './table-repository.ts';",
      '',
    ].join('\n');
    const errors = await boundaryErrors(inRepository, code);
    expect(errors).toHaveLength(3);
    for (const error of errors) expect(error).toMatch(/Repositories import neither routes nor HTTP errors/);
  });

  it('keep route files apart from each other', async () => {
    const inRoutes = 'src/server/accounts/boundary-check.routes.ts';
    expect(
      await boundaryErrors(inRoutes, "export { ACCOUNT_ATTEMPTS } from './second-factor.routes.ts';\n"),
    ).toEqual([expect.stringMatching(/A route file imports no other route file/)]);
    expect(
      await boundaryErrors(inRoutes, "export { ACCOUNT_ATTEMPTS } from './attempt-limit.ts';\n"),
    ).toEqual([]);
    // A domain's plugin puts its route files together.
    expect(
      await boundaryErrors(
        'src/server/accounts/boundary-check.plugin.ts',
        "export { authRoutes } from './auth.routes.ts';\n",
      ),
    ).toEqual([]);
  });

  it('keep test helpers out of production code, on both sides, and let tests use them', async () => {
    const helpers: [string, string][] = [
      ['src/server/content/boundary-check.ts', "export { TEST_ADMIN } from '../test/app.ts';\n"],
      ['src/server/content/boundary-check.routes.ts', "export { TEST_ADMIN } from '../test/app.ts';\n"],
      ['src/server/content/boundary-check.repository.ts', "export { TEST_ADMIN } from '../test/app.ts';\n"],
      ['src/web/lib/boundary-check.ts', "export { firstLoad } from '../test/bundle-graph.ts';\n"],
      ['src/web/admin/boundary-check.ts', "export { firstLoad } from '../test/bundle-graph.ts';\n"],
      [
        'src/web/features/news/boundary-check.ts',
        "export { firstLoad } from '../../test/bundle-graph.ts';\n",
      ],
    ];
    for (const [path, code] of helpers) {
      expect(await boundaryErrors(path, code), path).toEqual([
        expect.stringMatching(/Production code imports no test helper/),
      ]);
    }
    expect(
      await boundaryErrors(
        'src/server/content/boundary-check.test.ts',
        "export { TEST_ADMIN } from '../test/app.ts';\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/web/features/news/boundary-check.test.ts',
        "export { firstLoad } from '../../test/bundle-graph.ts';\n",
      ),
    ).toEqual([]);
  });

  it('keep the server domains apart, and the machinery below them', async () => {
    const peer = "export { toEvent } from '../content/events.repository.ts';\n";
    for (const path of [
      'src/server/registrations/boundary-check.ts',
      'src/server/registrations/boundary-check.routes.ts',
      'src/server/registrations/boundary-check.repository.ts',
    ]) {
      expect(await boundaryErrors(path, peer), path).toEqual([
        expect.stringMatching(/A domain imports no other domain/),
      ]);
    }
    // A new domain folder is kept apart as soon as it exists.
    expect(
      await boundaryErrors(
        'src/server/privacy/boundary-check.ts',
        "export { x } from '../newsletter/tokens.ts';\n",
      ),
    ).toEqual([expect.stringMatching(/A domain imports no other domain/)]);
    // Its own files and the machinery are what a domain stands on.
    const allowed = [
      "export { toEvent } from '../db/event-row.ts';",
      "export { publicFormLimit } from '../plugins/security.ts';",
      "export { escapeHtml } from '../lib/html.ts';",
      "export { signUp } from './sign-up.service.ts';",
      '',
    ].join('\n');
    expect(await boundaryErrors('src/server/registrations/boundary-check.ts', allowed)).toEqual([]);
    // The machinery imports no domain; app.ts puts them all together; tests may reach across.
    expect(await boundaryErrors('src/server/site/boundary-check.ts', peer)).toEqual([
      expect.stringMatching(/The machinery imports no domain/),
    ]);
    expect(
      await boundaryErrors(
        'src/server/boundary-check.ts',
        "export { contentPlugin } from './content/content.plugin.ts';\n",
      ),
    ).toEqual([]);
    expect(await boundaryErrors('src/server/registrations/boundary-check.test.ts', peer)).toEqual([]);
  });
});
