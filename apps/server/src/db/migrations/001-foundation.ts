import { sql } from 'kysely';
import { PERMISSIONS } from '@kalinga/contracts/common';
import { type AnyDB, notNull, withId } from './columns';

export async function up(db: AnyDB): Promise<void> {
  await withId(db, db.schema.createTable('companies'))
    .addColumn('name', 'text', notNull)
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('Asia/Manila'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('name', 'text', notNull)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', notNull)
    .addColumn('avatar', 'text')
    .addColumn('user_type', 'text', (c) => c.notNull().check(sql`user_type in ('student','personnel','counselor')`))
    .addColumn('student_id', 'text')
    .addColumn('department', 'text')
    .addColumn('birth_date', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active','inactive')`))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('company_user')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('company_user_pk', ['company_id', 'user_id'])
    .execute();
  await db.schema.createIndex('company_user_user_idx').on('company_user').column('user_id').execute();

  await withId(db, db.schema.createTable('permissions'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await db
    .insertInto('permissions')
    .values(PERMISSIONS.map((name) => ({ name })))
    .execute();

  await withId(db, db.schema.createTable('roles'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('roles_company_name_uq', ['company_id', 'name'])
    .execute();

  await db.schema
    .createTable('role_permission')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('permissions.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_permission_pk', ['role_id', 'permission_id'])
    .execute();

  await db.schema
    .createTable('role_user')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_user_pk', ['role_id', 'user_id'])
    .execute();
  await db.schema.createIndex('role_user_user_idx').on('role_user').column('user_id').execute();

  await withId(db, db.schema.createTable('access_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', notNull)
    .addColumn('last_used_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('access_tokens_user_idx').on('access_tokens').column('user_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('site_name', 'text')
    .addColumn('site_logo', 'text')
    .addColumn('business_name', 'text')
    .addColumn('business_address', 'text')
    .addColumn('appointment_duration_minutes', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('students_can_book', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', notNull)
    .execute();
}

export async function down(db: AnyDB): Promise<void> {
  for (const t of ['settings', 'access_tokens', 'role_user', 'role_permission', 'roles', 'permissions', 'company_user', 'users', 'companies']) {
    await db.schema.dropTable(t).execute();
  }
}
