import type { AuthUser } from '@kalinga/contracts/auth';
import type { UserRow } from '../../db/tables';
import { publicFileUrl } from '../../lib/images';

/** The user as the client sees it: no password hash, with roles and permissions of the current company. */
export function toAuthUser(user: UserRow, roles: string[], permissions: string[]): AuthUser {
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
  };
}
