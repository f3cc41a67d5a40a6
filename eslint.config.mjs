// ESLint (flat config) with typescript-eslint's recommended rules; formatting is Prettier's
// business (eslint-config-prettier switches off the rules it would fight). `npm run lint` runs it.
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

/**
 * Where SQL text starts: a statement (select … from, select 1, select f(…), insert into, update … set,
 * delete from, with … as (…)), a query builder's `exists (select …)` condition, or a `?::type` cast
 * anywhere. Lower or upper case keywords only, so prose ("Select a city", "With the secret…") passes.
 */
const SQL_START = String.raw`^\s*((select|SELECT)\s[\s\S]*\b(from|FROM)\s|(select|SELECT)\s+(\d|[\w.]*\()|(insert|INSERT)\s+(into|INTO)\s|(update|UPDATE)\s+"?\w+"?\s+(set|SET)\s|(delete|DELETE)\s+(from|FROM)\s|(with|WITH)\s+((recursive|RECURSIVE)\s+)?"?\w+"?\s+(as|AS)\s+[\s\w]*\(|((not|NOT)\s+)?(exists|EXISTS)\s*\(\s*(select|SELECT)\s)`;
const SQL_CAST = String.raw`\?::\w`;
/** A session command a connection is given: LISTEN, SET, RESET. */
const SQL_COMMAND = String.raw`^\s*((listen|LISTEN|unlisten|UNLISTEN)\s+("|\w+\s*$)|(set|SET)\s+((local|LOCAL)\s+)?\w+\s*(=|to|TO)\s|(reset|RESET)\s+\w+\s*$)`;
const ONLY_THROUGH_KYSELY =
  'SQL is written with Kysely, its builder or its sql`…` tag (issue 38 point 3): a plain string or template is text nothing checks.';
const NO_SQL_HERE =
  "SQL belongs in the module's infrastructure/ adapter, behind a port the service or controller calls (issue 38).";

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', '.data/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      // Unused names are errors, except the deliberately ignored (_x) and rest siblings.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // What the server draws and the browser takes over formats numbers and dates with common's
    // text-format: a phone's first Intl formatter blocks it for 100 ms or more (issue 12). The
    // dashboard is drawn in the browser only, in the creator's own time zone.
    files: ['public-site/src/**/*.{ts,tsx}', 'common/src/**/*.ts'],
    ignores: ['public-site/src/features/dashboard/**', '**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Intl']",
          message: 'Use formatCount / formatMonthYear from @local-creators/common (issue 12).',
        },
      ],
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Use formatCount / formatMonthYear from @local-creators/common (issue 12).',
        })),
      ],
    },
  },
  {
    // One toast at a time on the public site (issue 25, decision 0241): every toast goes through lib/toast.
    files: ['public-site/src/**/*.{ts,tsx}'],
    ignores: ['public-site/src/lib/toast.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'sonner',
              importNames: ['toast'],
              message: "Use toast from '@/lib/toast': one toast at a time (issue 25).",
            },
          ],
        },
      ],
    },
  },
  {
    // Every statement and command the backend sends goes through Kysely (issue 38 point 3): SQL
    // text in a plain string or an untagged template is refused; migrations are SQL by nature.
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/**/*.spec.ts', 'backend/src/migrations/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[SQL_START, SQL_COMMAND]
          .flatMap((start) => [
            `Literal[value=/${start}/]`,
            `:not(TaggedTemplateExpression) > TemplateLiteral[quasis.0.value.raw=/${start}/]`,
          ])
          .map((selector) => ({ selector, message: ONLY_THROUGH_KYSELY })),
      ],
    },
  },
  {
    // No SQL in use cases or controllers (issue 38): statements live in infrastructure/ adapters behind ports.
    files: [
      'backend/src/**/application/**/*.ts',
      'backend/src/**/http/**/*.ts',
      'backend/src/**/*.controller.ts',
      'backend/src/**/*.service.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          `Literal[value=/${SQL_START}/]`,
          `TemplateLiteral[quasis.0.value.raw=/${SQL_START}/]`,
          `Literal[value=/${SQL_CAST}/]`,
          `TemplateElement[value.raw=/${SQL_CAST}/]`,
        ].map((selector) => ({ selector, message: NO_SQL_HERE })),
      ],
      'no-restricted-properties': [
        'error',
        ...['execute', 'getConnection', 'getKnex', 'getKysely'].map((property) => ({ property, message: NO_SQL_HERE })),
        // The shared count of stored rows takes an SQL condition: only adapters call it, behind a port (ContactLimits, …).
        { property: 'waitSeconds', message: NO_SQL_HERE },
      ],
    },
  },
  {
    // Raw SQL rows and parsed YAML are untyped by nature; adapters and tests may say so.
    files: ['backend/src/**/infrastructure/**/*.ts', 'backend/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
