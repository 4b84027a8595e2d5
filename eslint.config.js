import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const webNeverImportsServer = { group: ['**/server/**'], message: 'The web app never imports server code.' };
const publicSiteOwnRouter = {
  group: ['react-router', 'react-router-dom'],
  message:
    'The public site uses its own router (src/web/lib/router.tsx, decision 016); React Router is the admin’s.',
};
const serverNeverImportsWeb = {
  group: ['**/web/**', 'react', 'react-dom'],
  message: 'The server never imports web code.',
};

const noTestHelpers = {
  regex: '(^|\\/)test\\/',
  message: 'Production code imports no test helper: helpers live in a test/ folder and serve tests only.',
};
const routesApart = {
  regex: '[.-]routes(\\.ts)?$',
  message: 'A route file imports no other route file: what two of them share goes to a module beside them.',
};
/** Tests and their helpers (each side's test/ folder), which the production-only rules leave alone. */
const testsOf = (side) => [`src/${side}/**/*.test.{ts,tsx}`, `src/${side}/test/**/*.{ts,tsx}`];

const serverDir = fileURLToPath(new URL('./src/server', import.meta.url));

/** The machinery below the server's domains (docs/architecture.md); every other folder is a domain. */
const SERVER_MACHINERY = new Set([
  'audit',
  'consent',
  'db',
  'health',
  'lib',
  'mail',
  'plugins',
  'site',
  'test',
]);
const serverFolders = readdirSync(serverDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverDomains = serverFolders.filter((name) => !SERVER_MACHINERY.has(name));

/** An import, from a folder of src/server, of a domain folder other than `own`. */
const domainImport = (own, message) => ({
  regex: `^\\.\\.\\/(${serverDomains.filter((name) => name !== own).join('|')})\\/`,
  message,
});
const domainsApart =
  'A domain imports no other domain: what it needs of another is declared in the machinery (a provider or a typed decorator, docs/architecture.md).';
const machineryBelow = 'The machinery imports no domain: domains stand on it, not the other way round.';
const repositoryRule = {
  regex: '[.-]routes(\\.ts)?$|(^|\\/)plugins\\/errors(\\.ts)?$',
  message: 'Repositories import neither routes nor HTTP errors; see src/server/domain-errors.ts.',
};

/**
 * The server's import rules for the files of one folder: never web code or test helpers, never another
 * domain (or, from the machinery, any domain); a route file no other route file, a repository no
 * routes and no HTTP errors.
 */
const serverFolderRules = (folder) => {
  const apart = SERVER_MACHINERY.has(folder)
    ? domainImport(undefined, machineryBelow)
    : domainImport(folder, domainsApart);
  const base = [serverNeverImportsWeb, noTestHelpers, apart];
  const rule = (files, patterns) => ({
    files: [files],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });
  return [
    rule(`src/server/${folder}/**/*.ts`, base),
    rule(`src/server/${folder}/**/*.routes.ts`, [...base, routesApart]),
    rule(`src/server/${folder}/**/*.repository.ts`, [...base, repositoryRule]),
  ];
};

const featuresDir = fileURLToPath(new URL('./src/web/features', import.meta.url));

/** Every folder under src/web/features, with the feature it belongs to and how deep inside it lies. */
const featureFolders = readdirSync(featuresDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => relative(featuresDir, join(entry.parentPath, entry.name)).split(sep))
  .map((parts) => ({ feature: parts[0], path: parts.join('/'), depth: parts.length - 1 }));

/**
 * Import paths that reach, from a folder `depth` levels inside a feature, any other feature: a sibling
 * through `../` or any path through a `features/` folder. Slashes are escaped so the same source works
 * in a selector.
 */
const otherFeature = (feature, depth) =>
  `^(\\.\\.\\/){${depth + 1}}(?!${feature}\\/)[^.\\/]|(^|\\/)features\\/(?!${feature}\\/)`;

// no-restricted-imports does not see import(), which is how features load their heavy parts on demand.
const dynamicImports = (regex, message) => [
  'error',
  { selector: `ImportExpression[source.value=/${regex}/]`, message },
];

const featuresApart =
  'Features never import each other: pages put them together; shared pieces go to components/ or lib/.';
const layoutApart = 'The layout never imports features: shared pieces go to components/ or lib/.';

/** A part of the public site with the site's own boundaries and one more, static and on demand. */
const publicSiteRule = (files, pattern, syntax) => ({
  files: [files],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [webNeverImportsServer, publicSiteOwnRouter, noTestHelpers, pattern] },
    ],
    'no-restricted-syntax': syntax,
  },
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'node_modules',
      '.tools',
      'data',
      'test-results',
      'playwright-report',
      'reports',
      '.e2e-tmp',
      'release',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [webNeverImportsServer, publicSiteOwnRouter, noTestHelpers] },
      ],
    },
  },
  {
    // The admin is built on react-admin, which is built on React Router.
    files: ['src/web/admin/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webNeverImportsServer, noTestHelpers] }] },
  },
  ...featureFolders.map(({ feature, path, depth }) =>
    publicSiteRule(
      `src/web/features/${path}/*.{ts,tsx}`,
      { regex: otherFeature(feature, depth), message: featuresApart },
      dynamicImports(otherFeature(feature, depth), featuresApart),
    ),
  ),
  publicSiteRule(
    'src/web/layout/**/*.{ts,tsx}',
    { group: ['**/features/**'], message: layoutApart },
    dynamicImports('(^|\\/)features\\/', layoutApart),
  ),
  {
    files: ['src/server/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverNeverImportsWeb, noTestHelpers] }] },
  },
  ...serverFolders.flatMap(serverFolderRules),
  {
    // Playwright fixtures declare their dependencies with an object pattern, empty when there are none.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '**/server/**'], message: 'shared imports neither server nor web.' },
          ],
        },
      ],
    },
  },
  // Tests may use their helpers; they keep only the line between the server and the web app.
  {
    files: testsOf('server'),
    rules: { 'no-restricted-imports': ['error', { patterns: [serverNeverImportsWeb] }] },
  },
  {
    files: testsOf('web'),
    rules: {
      'no-restricted-imports': ['error', { patterns: [webNeverImportsServer] }],
      'no-restricted-syntax': 'off',
    },
  },
);
