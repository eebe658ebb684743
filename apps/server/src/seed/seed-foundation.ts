import { nowIso } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import { addMember, insertCompany, setUserRoles } from '../modules/companies/company.repository';
import { insertUser } from '../modules/auth/user.repository';
import type { DB } from '../db/database';
import type { CompanyRow, UserRow } from '../db/tables';
import { pick, seededRandom } from './random';

export const DEMO_PASSWORD = 'kalinga-demo';

export interface DemoContext {
  company: CompanyRow;
  admin: UserRow;
  counselors: UserRow[];
  /** Students and personnel, the people who book. */
  clients: UserRow[];
  logins: { role: string; email: string }[];
}

const FIRST = ['Andrea', 'Miguel', 'Bea', 'Paolo', 'Camille', 'Joshua', 'Patricia', 'Carlo', 'Janelle', 'Rafael', 'Kristine', 'Gabriel', 'Louise', 'Marco', 'Trisha', 'Enzo', 'Angela', 'Nathan', 'Sofia', 'Adrian'];
const LAST = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Garcia', 'Mendoza', 'Torres', 'Villanueva', 'Ramos', 'Aquino', 'Castillo', 'Navarro', 'Dela Cruz', 'Flores'];
const STUDENT_DEPARTMENTS = ['College of Engineering', 'College of Nursing', 'College of Business', 'College of Arts and Sciences', 'College of Education', 'Senior High School'];
const STAFF_DEPARTMENTS = ['Human Resources', 'Finance', 'Registrar', 'Library', 'Facilities'];

/** The demo company and its people: five named accounts and some forty more clients. */
export async function seedFoundation(db: DB): Promise<DemoContext> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rand = seededRandom(2026);
  return db.transaction().execute(async (trx) => {
    const company = await insertCompany(trx, 'Demo Counselling Centre');
    await trx.updateTable('settings').set({ site_name: 'Kalinga', business_name: 'Demo Counselling Centre', business_address: 'Quezon City, Metro Manila' }).where('company_id', '=', company.id).execute();
    const now = nowIso();
    const make = async (name: string, email: string, userType: UserRow['user_type'], role: string, extra: Partial<UserRow> = {}) => {
      const user = await insertUser(trx, { name, email, password_hash: passwordHash, user_type: userType, status: 'active', created_at: now, updated_at: now, ...extra });
      await addMember(trx, company.id, user.id, true);
      await setUserRoles(trx, company.id, user.id, [role]);
      return user;
    };
    const admin = await make('Alma Administrador', 'admin@demo.kalinga.test', 'personnel', 'admin', { department: 'Guidance Office', birth_date: '1980-04-12' });
    const counselor = await make('Dr. Carmen Villanueva', 'counselor@demo.kalinga.test', 'counselor', 'counselor', { department: 'Guidance Office', birth_date: '1985-09-03' });
    const counselor2 = await make('Mr. Jose Rizal Manalo', 'counselor2@demo.kalinga.test', 'counselor', 'counselor', { department: 'Guidance Office', birth_date: '1990-01-22' });
    const personnel = await make('Paula Personnel', 'personnel@demo.kalinga.test', 'personnel', 'personnel', { department: 'Human Resources', birth_date: '1988-06-30' });
    const student = await make('Sam Estudyante', 'student@demo.kalinga.test', 'student', 'student', { student_id: '2024-00001', department: 'College of Engineering', birth_date: '2005-02-14' });

    const clients: UserRow[] = [personnel, student];
    const year = new Date().getUTCFullYear();
    for (let i = 0; i < 42; i++) {
      const isStudent = i % 3 !== 2;
      const first = pick(rand, FIRST);
      const last = pick(rand, LAST);
      const age = isStudent ? 15 + Math.floor(rand() * 11) : 23 + Math.floor(rand() * 38);
      const month = String(1 + Math.floor(rand() * 12)).padStart(2, '0');
      const day = String(1 + Math.floor(rand() * 28)).padStart(2, '0');
      // A few people leave birth date or department blank, as real records do (reports show N/A).
      const blank = i % 11 === 5;
      clients.push(
        await make(`${first} ${last}`, `${first}.${last}.${i}@demo.kalinga.test`.toLowerCase().replace(/\s+/g, ''), isStudent ? 'student' : 'personnel', isStudent ? 'student' : 'personnel', {
          student_id: isStudent ? `${year - 1}-${String(100 + i).padStart(5, '0')}` : null,
          department: blank ? null : pick(rand, isStudent ? STUDENT_DEPARTMENTS : STAFF_DEPARTMENTS),
          birth_date: blank ? null : `${year - age}-${month}-${day}`,
        }),
      );
    }
    return {
      company,
      admin,
      counselors: [counselor, counselor2],
      clients,
      logins: [
        { role: 'admin', email: admin.email },
        { role: 'counselor', email: counselor.email },
        { role: 'counselor', email: counselor2.email },
        { role: 'personnel', email: personnel.email },
        { role: 'student', email: student.email },
      ],
    };
  });
}
