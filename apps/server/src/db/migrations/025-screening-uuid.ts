import type { AnyDB } from './columns';

// screenings.uuid: the client's key for one submission of the questionnaires, so that sending the same answers
// again (a lost reply, a double press) stores them once. Unique per company; rows from before have none.

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('screenings').addColumn('uuid', 'text').execute();
  await db.schema.createIndex('screenings_uuid_uq').unique().on('screenings').columns(['company_id', 'uuid']).execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropIndex('screenings_uuid_uq').execute();
  await db.schema.alterTable('screenings').dropColumn('uuid').execute();
}
