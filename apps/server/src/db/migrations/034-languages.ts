import type { AnyDB } from './columns';

// Languages (decision 0246): each user's own choice (`users.language`: 'fil', 'en', or null for none, when the
// site's default applies) and the site's default (`settings.default_language`, null: the browser's guess, then
// English). Emails and letters go out in the recipient's language.

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
  await db.schema.alterTable('settings').addColumn('default_language', 'text').execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('default_language').execute();
  await db.schema.alterTable('users').dropColumn('language').execute();
}
