// ESLint 9 flat config for the whole workspace. `pnpm lint` runs it, then Prettier.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * The layers of the web client (docs/architecture.md): app/ composes everything; a feature uses
 * lib/ and components/ but never another feature; lib/ and components/ know no feature. What two
 * features share moves down to lib/ or components/, or is composed in app/ (data or render props).
 */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const NO_APP = {
  regex: '^(@/app|(\\.\\./)+app)(/|$)',
  message: 'Only app/ imports app/ (the routes, layout and providers compose the rest).',
};

/** Layer rules for the files of one feature. */
const featureLayer = (feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^@/features/(?!${feature}/)`,
            message:
              'A feature does not import another feature: compose them in app/ (pass data or render props), or move what they share to lib/ or components/.',
          },
          {
            // From features/<feature>/<folder>/file: ../../ is features/.
            regex: `^\\.\\./\\.\\./(?!${feature}/)`,
            message:
              'Reach outside this feature with an @/ import (@/lib, @/components), never another feature.',
          },
          NO_APP,
        ],
      },
    ],
  },
});

/*
 * The layers of the API (docs/architecture.md): platform code (http/, db/, lib/, middleware/,
 * changes/, config.ts) serves features and never imports one, nor the composition root
 * (app.ts, services.ts, server.ts, deps.ts ...), which wires both. A feature module uses another
 * only through its public index.ts.
 */
const API_FEATURES = readdirSync(new URL('./apps/api/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const API_PLATFORM = ['http', 'db', 'lib', 'middleware', 'changes'];
/** How deep below its module folder a feature file may sit. */
const API_FEATURE_DEPTHS = [0, 1, 2, 3];

export const apiPlatformLayer = {
  files: [...API_PLATFORM.map((dir) => `apps/api/src/${dir}/**/*.ts`), 'apps/api/src/config.ts'],
  // A platform test may build the whole app around the part it checks.
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '(^|/)modules(/|$)',
            message:
              'Platform code imports no feature: take what it needs as a parameter or an interface, and let app.ts or server.ts pass the feature in.',
          },
          {
            regex:
              '^(\\./|(\\.\\./)+)(app|server|services|deps|cluster|maintenance|ingest-cli)\\.js$',
            message:
              'Platform code does not import the composition root: take the config, db or clock it needs as plain types.',
          },
        ],
      },
    ],
  },
};

/** From modules/<feature>/ plus `depth` folders, another feature only through its index.ts. */
const apiFeatureLayer = (feature, depth) => ({
  files: [`apps/api/src/modules/${feature}/${'*/'.repeat(depth)}*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./){${depth + 1}}(?!${feature}/)[\\w-]+/(?!index\\.js$)`,
            message:
              "A feature uses another only through its public index.ts: import '../<feature>/index.js' (and export what is missing there).",
          },
        ],
      },
    ],
  },
});

export default defineConfig(
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/.turbo/',
    '**/.data/',
    '**/coverage/',
    '**/test-results/',
    '**/playwright-report/',
    'apps/api/drizzle/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  // Everything outside the browser bundle runs on Node 20.
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: {
      // `_name` marks a parameter or binding that is unused on purpose (Express error handlers,
      // destructuring to drop a field).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports' },
      ],
    },
  },

  // The web client: browser globals and the rules of hooks (React Compiler rules included).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    extends: [reactHooks.configs.flat['recommended-latest']],
  },

  // Layers: features do not import each other; lib/ and components/ import no feature.
  ...WEB_FEATURES.map(featureLayer),
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/features|(\\.\\./)+features)(/|$)',
              message:
                'lib/ and components/ are shared by every feature and import none: take the data as props, or move this part to app/ or into the feature.',
            },
            NO_APP,
          ],
        },
      ],
    },
  },

  // Layers of the API: platform knows no feature; features meet through their index.ts.
  apiPlatformLayer,
  ...API_FEATURES.flatMap((feature) =>
    API_FEATURE_DEPTHS.map((depth) => apiFeatureLayer(feature, depth)),
  ),

  // Tests may use non-null assertions and loose casts on fixtures.
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
