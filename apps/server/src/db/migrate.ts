import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from './database';
import * as m001 from './migrations/001-foundation';
import * as m002 from './migrations/002-library';
import * as m003 from './migrations/003-appointments';
import * as m004 from './migrations/004-reports';
import * as m005 from './migrations/005-appointment-list-speed';
import * as m006 from './migrations/006-lending';
import * as m007 from './migrations/007-sign-in-limits';
import * as m008 from './migrations/008-report-day-counts';
import * as m009 from './migrations/009-self-service';
import * as m010 from './migrations/010-notifications';
import * as m011 from './migrations/011-lending-convergence';
import * as m012 from './migrations/012-action-date-bound';
import * as m013 from './migrations/013-category-kinds';
import * as m014 from './migrations/014-appointment-series';
import * as m016 from './migrations/016-pawn-redemption';
import * as m017 from './migrations/017-backups';
import * as m015 from './migrations/015-screening-and-triage';
import * as m021 from './migrations/021-pawn-notices-and-kyc';
import * as m018 from './migrations/018-waitlist';
import * as m019 from './migrations/019-no-shows';
import * as m020 from './migrations/020-same-day-slots';
import * as m022 from './migrations/022-register-and-cash-days';
import * as m025 from './migrations/025-screening-uuid';
import * as m024 from './migrations/024-notice-outbox-and-auction';
import * as m023 from './migrations/023-loan-extension';
import * as m026 from './migrations/026-notice-auction';
import * as m031 from './migrations/031-client-overlap-and-offers';
import * as m029 from './migrations/029-case-notes';
import * as m030 from './migrations/030-ticket-prints-and-forfeiture';
import * as m027 from './migrations/027-client-access';
import * as m033 from './migrations/033-report-privacy';
import * as m032 from './migrations/032-client-files';
import * as m034 from './migrations/034-languages';
import * as m035 from './migrations/035-groups';
import * as m036 from './migrations/036-group-attendance';
import * as m039 from './migrations/039-vault';
import * as m038 from './migrations/038-metal-rates';
import * as m040 from './migrations/040-group-notes';
import * as m037 from './migrations/037-branches';
import * as m043 from './migrations/043-customer-language';
import * as m041 from './migrations/041-group-emails';
import * as m046 from './migrations/046-grant-words';
import * as m049 from './migrations/049-outbox-failed-index';
import * as m051 from './migrations/051-access-via-group-facilitator';
import * as m055 from './migrations/055-users-created-by';
import * as m056 from './migrations/056-id-numbers-at-rest';

// Listed here rather than read from disk so the bundled server carries its migrations.
const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '002-library': m002,
  '003-appointments': m003,
  '004-reports': m004,
  '005-appointment-list-speed': m005,
  '006-lending': m006,
  '007-sign-in-limits': m007,
  '008-report-day-counts': m008,
  '009-self-service': m009,
  '010-notifications': m010,
  '011-lending-convergence': m011,
  '012-action-date-bound': m012,
  '013-category-kinds': m013,
  '014-appointment-series': m014,
  '016-pawn-redemption': m016,
  '017-backups': m017,
  '015-screening-and-triage': m015,
  '021-pawn-notices-and-kyc': m021,
  '018-waitlist': m018,
  '019-no-shows': m019,
  '020-same-day-slots': m020,
  '022-register-and-cash-days': m022,
  '025-screening-uuid': m025,
  '024-notice-outbox-and-auction': m024,
  '023-loan-extension': m023,
  '026-notice-auction': m026,
  '031-client-overlap-and-offers': m031,
  '029-case-notes': m029,
  '030-ticket-prints-and-forfeiture': m030,
  '027-client-access': m027,
  '033-report-privacy': m033,
  '032-client-files': m032,
  '034-languages': m034,
  '035-groups': m035,
  '036-group-attendance': m036,
  '039-vault': m039,
  '038-metal-rates': m038,
  '040-group-notes': m040,
  '037-branches': m037,
  '043-customer-language': m043,
  '041-group-emails': m041,
  '046-grant-words': m046,
  '049-outbox-failed-index': m049,
  '051-access-via-group-facilitator': m051,
  '055-users-created-by': m055,
  '056-id-numbers-at-rest': m056,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; running it again changes nothing. */
export async function migrateToLatest(db: DB): Promise<void> {
  // Migrations 007 and 008 landed in the opposite order; a database that ran 008 first must still get 007.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** The migrations this build knows, by name: an archive that applied any other comes from a newer version. */
export function knownMigrations(): ReadonlySet<string> {
  return new Set(Object.keys(migrations));
}

/** Migrates up (or down) to the named migration: for tests of a migration over an older database. */
export async function migrateTo(db: DB, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
