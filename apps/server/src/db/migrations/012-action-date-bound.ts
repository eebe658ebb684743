import { sql } from 'kysely';
import { type AnyDB, notNull, withId } from './columns';

// How far back a lending action may be dated (docs/decisions/0120-lending-action-date-bound.md):
//  - settings.lending_backdate_days: days before the server's today a counter may date an action (0 = today only).
//  - the permission 'backdate lending' (a supervisor's): dates further back; administrators get it.
//  - backdated_actions: every action dated before the server's today, who dated it and by how many days.

const PERMISSION = 'backdate lending';

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('settings').addColumn('lending_backdate_days', 'integer', (c) => c.notNull().defaultTo(7)).execute();

  await withId(db, db.schema.createTable('backdated_actions'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // 'loan' (a new ticket), 'renewal', 'redemption', 'forfeiture', 'sale'
    .addColumn('action', 'text', notNull)
    .addColumn('loan_uuid', 'text', notNull)
    .addColumn('item_uuid', 'text')
    .addColumn('action_date', 'text', notNull)
    .addColumn('server_date', 'text', notNull)
    .addColumn('days_back', 'integer', notNull)
    // 1 when the date was further back than the site setting allowed (the supervisor's permission was used).
    .addColumn('beyond_setting', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('backdated_actions_company_idx').on('backdated_actions').columns(['company_id', 'id']).execute();

  // A fresh database got it from migration 001 (PERMISSIONS includes it); an older one gets it here.
  await sql`insert into permissions (name) select ${PERMISSION} where not exists (select 1 from permissions where name = ${PERMISSION})`.execute(db);
  await sql`insert into role_permission (role_id, permission_id)
    select r.id, p.id from roles r cross join permissions p
    where r.name = 'admin' and p.name = ${PERMISSION}
      and not exists (select 1 from role_permission rp where rp.role_id = r.id and rp.permission_id = p.id)`.execute(db);
}

export async function down(db: AnyDB): Promise<void> {
  await sql`delete from permissions where name = ${PERMISSION}`.execute(db);
  await db.schema.dropTable('backdated_actions').execute();
  await db.schema.alterTable('settings').dropColumn('lending_backdate_days').execute();
}
