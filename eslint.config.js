import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import nodePlugin from 'eslint-plugin-n';
import reactHooks from 'eslint-plugin-react-hooks';
import unicorn from 'eslint-plugin-unicorn';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
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
          ],
        },
      ],
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
        // getBy…/findBy… throw when nothing matches, so the expect around them could never fail.
        ...['', 'AwaitExpression > '].map((awaited) => ({
          selector: `CallExpression[callee.property.name=/^(toBeTruthy|toBeDefined)$/] > MemberExpression > CallExpression[callee.name='expect'] > ${awaited}CallExpression[callee.property.name=/^(get|find)(All)?By/]`,
          message: 'The query is the assertion (it throws when nothing matches): call it without expect(…).toBeTruthy().',
        })),
      ],
    },
  },
  {
    // Type-aware promise rules: a promise is awaited, returned, or explicitly handed off with `void`,
    // and never passed where a callback's result is ignored (an event handler, a forEach).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The one reader of process.env.
    files: ['src/server/env.ts'],
    rules: { 'n/no-process-env': 'off' },
  },
);
