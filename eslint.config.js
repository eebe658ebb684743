import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { houseRules } from './scripts/eslint-house-rules.js';


// Files whose every word on screen is in the catalogs (apps/web/src/i18n); the list grows to the whole app.
const TRANSLATED = [
  'apps/web/src/app/guard.tsx',
  'apps/web/src/app/layout.tsx',
  'apps/web/src/app/update-prompt.tsx',
  'apps/web/src/components/help-now-link.tsx',
  'apps/web/src/components/language-picker.tsx',
  'apps/web/src/components/ui/avatar.tsx',
  'apps/web/src/components/ui/confirm-dialog.tsx',
  'apps/web/src/components/ui/drawer.tsx',
  'apps/web/src/components/ui/error-alert.tsx',
  'apps/web/src/components/ui/image-picker.tsx',
  'apps/web/src/components/ui/modal.tsx',
  'apps/web/src/components/ui/pagination.tsx',
  'apps/web/src/components/ui/spinner.tsx',
  'apps/web/src/features/auth/*.tsx',
  'apps/web/src/features/groups/*.tsx',
  'apps/web/src/features/profile/my-record-section.tsx',
  'apps/web/src/features/profile/notification-preferences-section.tsx',
  'apps/web/src/features/profile/profile-page.tsx',
  'apps/web/src/features/settings/*.tsx',
  'apps/web/src/features/lending/branches-page.tsx',
  'apps/web/src/app/branch-switcher.tsx',
  'apps/web/src/features/lending/customer-page.tsx',
  'apps/web/src/features/lending/customers-page.tsx',
  'apps/web/src/features/lending/items-page.tsx',
  'apps/web/src/features/lending/vault/*.tsx',
  'apps/web/src/features/lending/loans-page.tsx',
  'apps/web/src/features/lending/terms/*.tsx',
  'apps/web/src/features/lending/components/customer-form.tsx',
  'apps/web/src/features/lending/components/customer-picker.tsx',
  'apps/web/src/features/lending/components/field-error.tsx',
  'apps/web/src/features/lending/components/first-sync-notice.tsx',
  'apps/web/src/features/lending/components/item-list.tsx',
  'apps/web/src/features/lending/components/item-sale-forms.tsx',
  'apps/web/src/features/lending/components/list-state.tsx',
  'apps/web/src/features/lending/components/loan-list.tsx',
  'apps/web/src/features/lending/components/page-header.tsx',
  'apps/web/src/features/lending/components/search-box.tsx',
  'apps/web/src/features/lending/components/status-badge.tsx',
  'apps/web/src/features/lending/components/sync-badge.tsx',
  'apps/web/src/features/lending/components/tabs.tsx',
  'apps/web/src/features/lending/cash-day-page.tsx',
  'apps/web/src/features/lending/loan-page.tsx',
  'apps/web/src/features/lending/new-loan-page.tsx',
  'apps/web/src/features/lending/components/forfeit-reason-dialog.tsx',
  'apps/web/src/features/lending/components/item-rows.tsx',
  'apps/web/src/features/lending/components/loan-actions.tsx',
  'apps/web/src/features/lending/components/register-list.tsx',
  'apps/web/src/features/lending/components/ticket-preview.tsx',
  'apps/web/src/features/lending/components/written-request-field.tsx',
  'apps/web/src/features/lending/notices/auction-page.tsx',
  'apps/web/src/features/lending/notices/covered-page.tsx',
  'apps/web/src/features/lending/notices/notice-letter-page.tsx',
  'apps/web/src/features/lending/notices/notices-page.tsx',
  'apps/web/src/features/lending/ticket-page.tsx',
  'apps/web/src/features/lending/components/ticket-back.tsx',
  'apps/web/src/features/lending/components/ticket-paper.tsx',
  'apps/web/src/features/sync/entry-row.tsx',
  'apps/web/src/features/sync/correct-field.tsx',
  'apps/web/src/features/sync/sync-page.tsx',
  'apps/web/src/features/sync/sync-indicator.tsx',
  'apps/web/src/features/users/*.tsx',
  'apps/web/src/features/roles/*.tsx',
  'apps/web/src/features/categories/**/*.tsx',
  'apps/web/src/features/resources/**/*.tsx',
  'apps/web/src/features/reports/reports-page.tsx',
  'apps/web/src/features/reports/components/attendance-reports.tsx',
  'apps/web/src/features/reports/components/group-report.tsx',
  'apps/web/src/components/group-session-rows.tsx',
  'apps/web/src/features/reports/components/report-section.tsx',
  'apps/web/src/features/client-file/*.tsx',
  'apps/web/src/features/case-notes/*.tsx',
  'apps/web/src/features/access-log/*.tsx',
  'apps/web/src/features/schedule/**/*.tsx',
  'apps/web/src/features/waitlist/*.tsx',
  'apps/web/src/features/screening/*.tsx',
  'apps/web/src/features/notifications/notification-bell.tsx',
  'apps/web/src/features/notifications/notification-item.tsx',
  'apps/web/src/features/notifications/notification-panel.tsx',
  'apps/web/src/features/appointments/appointments-page.tsx',
  'apps/web/src/features/appointments/tagged.tsx',
  'apps/web/src/features/appointments/components/appointment-card.tsx',
  'apps/web/src/features/appointments/components/status-menu.tsx',
  'apps/web/src/features/appointments/components/client-actions.tsx',
  'apps/web/src/features/appointments/components/attendance-panel.tsx',
  'apps/web/src/features/appointments/components/cancel-own-modal.tsx',
  'apps/web/src/features/appointments/components/reschedule-modal.tsx',
  'apps/web/src/features/appointments/components/status-history-modal.tsx',
  'apps/web/src/features/appointments/components/opened-appointment-modal.tsx',
  'apps/web/src/features/appointments/components/appointment-form-modal.tsx',
  'apps/web/src/features/appointments/components/party-fields.tsx',
  'apps/web/src/features/appointments/components/when-fields.tsx',
  'apps/web/src/features/appointments/components/detail-fields.tsx',
  'apps/web/src/features/appointments/components/slot-problems.tsx',
  'apps/web/src/features/appointments/components/student-picker.tsx',
  'apps/web/src/features/appointments/components/new-student-fields.tsx',
  'apps/web/src/features/appointments/components/month-days.tsx',
  'apps/web/src/features/appointments/components/setup-checklist.tsx',
  'apps/web/src/features/appointments/components/series-section.tsx',
  'apps/web/src/features/appointments/components/series-modal.tsx',
  'apps/web/src/features/appointments/components/series-move.tsx',
  'apps/web/src/features/appointments/components/booking-hold.tsx',
  'apps/web/src/features/appointments/calendar/calendar-panel.tsx',
  'apps/web/src/features/appointments/calendar/calendar-toolbar.tsx',
  'apps/web/src/features/appointments/calendar/calendar-legend.tsx',
  'apps/web/src/features/appointments/calendar/view-switch.tsx',
  'apps/web/src/features/appointments/calendar/week-calendar.tsx',
  'apps/web/src/components/intake-prompt.tsx',
  // Files that write no words of their own yet, so a first one comes from the catalogs (docs/architecture.md#checked).
  'apps/web/src/main.tsx',
  'apps/web/src/app/router.tsx',
  'apps/web/src/app/skeletons.tsx',
  'apps/web/src/components/form-field.tsx',
  'apps/web/src/lib/lazy-part.tsx',
  'apps/web/src/lib/lazy-screen.tsx',
  'apps/web/src/components/ui/cover-image.tsx',
  'apps/web/src/components/ui/empty-state.tsx',
  'apps/web/src/components/ui/file-button.tsx',
  'apps/web/src/components/ui/submit-button.tsx',
  'apps/web/src/components/ui/toast-layer.tsx',
  'apps/web/src/features/sync/sync-indicator-live.tsx',
  'apps/web/src/features/appointments/components/above-the-tabs.tsx',
  'apps/web/src/features/reports/components/chart-placeholder.tsx',
  'apps/web/src/features/reports/components/daily-chart.tsx',
];
const LITERAL_TEXT_MESSAGE = 'User-facing text comes from the catalogs: t(\'area.key\') (decision 0245).';
const LITERAL_TEXT = [
  // The product's name is a name, the same in every language.
  { selector: 'JSXText[value=/[A-Za-z]/]:not([value=/^\\s*Kalinga\\s*$/])', message: LITERAL_TEXT_MESSAGE },
  { selector: 'JSXAttribute[name.name=/^(alt|aria-label|placeholder|title|label)$/] > Literal[value=/[A-Za-z]/]', message: LITERAL_TEXT_MESSAGE },
  // Text between tags written as {'…'}, {cond ? '…' : '…'} or {cond && '…'} (attribute values such as paths are not text).
  { selector: ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > Literal[value=/[A-Za-z]/]', message: LITERAL_TEXT_MESSAGE },
  { selector: ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > Literal[value=/[A-Za-z]/]', message: LITERAL_TEXT_MESSAGE },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', 'screenshots/**', 'reports/**', 'data/**', 'coverage/**'] },
  // A disable comment that no longer suppresses anything is removed, not kept (docs/architecture.md#checked).
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
    'react-hooks/rules-of-hooks': 'error',
    'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The layers and rule 1 of the house (docs/architecture.md#layers, #rules; decision 0241).
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { house: houseRules },
    rules: { 'house/server-layers': 'error', 'house/sql-in-repositories': 'error', 'house/web-layers': 'error' },
  },
  {
    // Who may call a route, where confidential tables are read, what the browser keeps, what comments cite
    // (docs/architecture.md#checked).
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { house: houseRules },
    rules: { 'house/route-guard': 'error', 'house/confidential-tables': 'error', 'house/browser-storage': 'error' },
  },
  {
    // After a write or a live signal, queries are read again only through lib/refresh-queries.ts, which drops a read
    // still on its way first (docs/architecture.md#checked).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { house: houseRules },
    rules: { 'house/query-refresh': 'error' },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,mjs,ts}'],
    plugins: { house: houseRules },
    rules: { 'house/comment-cites': 'error' },
  },
  {
    // A day a person sees or a rule compares is the centre's day: todayIn / localDateOf, never an instant's ISO text
    // cut to its date (docs/architecture.md#checked, decision 0373).
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { house: houseRules },
    rules: { 'house/local-day': 'error' },
  },
  {
    // Every eslint-disable comment says why after ' -- ', and a file's max-lines one stands at its top
    // (docs/architecture.md#checked, decision 0379).
    files: ['apps/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,mjs,ts}'],
    plugins: { house: houseRules },
    rules: { 'house/disable-reason': 'error' },
  },
  {
    // Files stay under about 300 lines; one that must be longer says why at its top (docs/architecture.md#checked,
    // decision 0379). Product code only: tests, their helpers, e2e, bench and the JSON catalogs are not counted.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-helpers.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Server code logs through the request's or the app's logger, which never carries confidential content. The
    // commands print to their terminal; the database's pool reports a lost connection before any logger exists
    // (docs/architecture.md#checked).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/main.ts', 'apps/server/src/key-command.ts', 'apps/server/src/backup/cli.ts', 'apps/server/src/db/database.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Test code stays out of production code (docs/architecture.md#test-code).
    files: ['apps/server/src/**/*.ts', 'apps/server/test/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { house: houseRules },
    rules: { 'house/test-code': 'error' },
  },
  {
    // Contracts are schemas, types, constants and pure rules: they import only zod (docs/architecture.md#layers).
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\.)', message: 'packages/contracts imports only zod (docs/architecture.md#layers).' }] }],
    },
  },
  {
    // Rule 4 of the house: only the offline store touches IndexedDB.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/offline/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'dexie', message: 'Only apps/web/src/offline/ may import Dexie.' }] }] },
  },
  {
    // Words on screen come from the catalogs (decision 0245): no user-facing text written in JSX, as text or as a
    // label, placeholder, title or alt, in the files already translated. The list grows area by area to the whole app.
    files: TRANSLATED,
    rules: { 'no-restricted-syntax': ['error', ...LITERAL_TEXT] },
  },
);
