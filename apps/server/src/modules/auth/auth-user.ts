import type { AuthUser } from '@kalinga/contracts/auth';
import type { UserRow } from '../../db/tables';
import { publicFileUrl } from '../../lib/images';
import { storedLanguage } from '../../lib/i18n';

/** The user as the client sees it: no password hash, with roles and permissions of the current company. */
/** `supervises`: the user supervises a counselor of the current company (user.repository's supervisesIn). */
export function toAuthUser(user: UserRow, roles: string[], permissions: string[], supervises = false): AuthUser {
  return {
    id: user.id,
    name: user.name,
    username: user.name,
    email: user.email,
    avatar: publicFileUrl(user.avatar),
    role: roles[0] ?? null,
    roles,
    permissions,
    user_type: user.user_type,
    student_id: user.student_id,
    department: user.department,
    birth_date: user.birth_date,
    status: user.status,
    supervises,
    language: storedLanguage(user.language),
  };
}
