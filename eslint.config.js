import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import nodePlugin from 'eslint-plugin-n';
import reactHooks from 'eslint-plugin-react-hooks';
import unicorn from 'eslint-plugin-unicorn';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { SERVER_MODULE_RANKS } from './src/server/server-layers.ts';

// One zone per web feature: a feature never imports another feature; routes compose them.
const featuresDir = 'src/web/features';
const features = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
// The one exception: app-wide state every feature may read (docs/architecture.md, "Web layers").
// Who is signed in, the visitor's cookie consent, the two global modes, and the consent-gated
// analytics data layer each page and form reports to. Keep this list short: anything else a
// feature needs from another is handed in by the route that composes them.
const APP_WIDE_FEATURES = ['auth', 'consent', 'presentation', 'demo-mode', 'analytics'];
const featureZones = features.map((feature) => ({
  target: `./${featuresDir}/${feature}`,
  from: `./${featuresDir}`,
  except: [...new Set([feature, ...APP_WIDE_FEATURES])].map((allowed) => `./${allowed}`),
  message: `A feature must not import another feature (only the app-wide ${APP_WIDE_FEATURES.join(', ')}); compose them in a route.`,
}));

// The web app's layers, from the ground up: lib (no domain's helpers) ← components (owned UI) ←
// features (one domain each) ← layout, routes and root (compose features). Nothing imports upward.
const composingLayers = ['./src/web/layout', './src/web/routes', './src/web/routes.ts', './src/web/root.tsx'];
const webLayerZones = [
  {
    target: './src/web/lib',
    from: ['./src/web/components', './src/web/features', ...composingLayers],
    message: "src/web/lib is no domain's: it never imports components, features, layout or routes.",
  },
  {
    target: './src/web/components',
    from: ['./src/web/features', ...composingLayers],
    message: 'src/web/components never imports a feature; a piece that composes features belongs in src/web/layout.',
  },
  {
    target: './src/web/features',
    from: composingLayers,
    message: 'A feature never imports the layout or routes that compose it.',
  },
];

// The server's layers (src/server/server-layers.ts, docs/architecture.md): the platform never imports a
// domain module, and a module imports only modules of a lower rank. Every module directory must be ranked.
const modulesDir = 'src/server/modules';
const rankedModules = SERVER_MODULE_RANKS.flat();
const serverModules = fs.existsSync(modulesDir)
  ? fs
      .readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
const unranked = serverModules.filter((module) => !rankedModules.includes(module));
if (unranked.length > 0) throw new Error(`Rank ${unranked.join(', ')} in src/server/server-layers.ts (SERVER_MODULE_RANKS).`);
const moduleRankZones = SERVER_MODULE_RANKS.flatMap((modules, rank) =>
  modules.map((module) => ({
    target: `./${modulesDir}/${module}`,
    from: `./${modulesDir}`,
    except: [module, ...SERVER_MODULE_RANKS.slice(0, rank).flat()].map((allowed) => `./${allowed}`),
    message: `${module} (rank ${rank} in src/server/server-layers.ts) imports only modules of a lower rank: move the shared piece down to its owner, to src/shared or to src/server/platform, or have the caller hand it in.`,
  })),
);
const platformZone = {
  target: './src/server/platform',
  from: `./${modulesDir}`,
  message: 'src/server/platform is cross-cutting machinery and knows no domain: a module hands the platform what it needs.',
};

// Every file's zones; the domain modules' own code (not their tests) adds the rank zones below.
const layerZones = [
  { target: './src/shared', from: ['./src/server', './src/web'], message: 'src/shared is isomorphic: no server or web imports.' },
  { target: './src/server', from: './src/web', message: 'The server never imports web code.' },
  {
    target: './src/server/plugins',
    from: './src/server/modules',
    message: 'Plugins are cross-cutting and know no domain: a module hands a plugin what it needs (app.ts wires them).',
  },
  { target: './src/web', from: './src/server', message: 'The web app never imports server code; share through src/shared.' },
  ...webLayerZones,
  ...featureZones,
  platformZone,
];

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'playwright-report/', 'test-results/', '.tmp/', 'data/', '.builds/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, n: nodePlugin, unicorn, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'n/no-process-env': 'error',
      'unicorn/filename-case': ['error', { case: 'kebabCase' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program > ExportAllDeclaration',
          message: 'No barrel files: import the module you mean.',
        },
        // One e-mail rule (src/shared/rules/email.ts): zod's own e-mail check accepts other addresses, up to other lengths.
        ...[
          "MemberExpression[object.name='z'][property.name='email']",
          "CallExpression[callee.object.type='CallExpression'][callee.property.name='email']",
        ].map((selector) => ({
          selector,
          message:
            'Check an e-mail address with the one rule: emailSchema (src/shared/schemas/auth.ts), or emailPatternSchema / isValidEmail (src/shared/rules/), never z.email() or z.string().email().',
        })),
        // getBy…/findBy… throw when nothing matches, so the expect around them could never fail.
        ...['', 'AwaitExpression > '].map((awaited) => ({
          selector: `CallExpression[callee.property.name=/^(toBeTruthy|toBeDefined)$/] > MemberExpression > CallExpression[callee.name='expect'] > ${awaited}CallExpression[callee.property.name=/^(get|find)(All)?By/]`,
          message: 'The query is the assertion (it throws when nothing matches): call it without expect(…).toBeTruthy().',
        })),
      ],
    },
  },
  // The type-aware promise rules (no-floating-promises, no-misused-promises) and the type-check run in
  // oxlint's tsgolint on TypeScript 7's native checker (.oxlintrc.json, `npm run lint:types`): with
  // them here, ESLint built a second TypeScript program and spent ~85 % of its time in those two rules
  // (decision 013).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      // issue 40 — a function over 100 lines says why (an eslint-disable-next-line with its reason).
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A module's code imports only lower-ranked modules; its tests may compose any (like app wiring).
    files: ['src/server/modules/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...moduleRankZones] }] },
  },
  {
    // The one reader of process.env.
    files: ['src/server/env.ts'],
    rules: { 'n/no-process-env': 'off' },
  },
);
