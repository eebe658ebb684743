import type { AuthReply, LoginBody, ProfileBody, RegisterBody } from '@kalinga/contracts/auth';
import type { AuthUser } from '@kalinga/contracts/auth';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../lib/clock';
import { commonPasswordMessage, isCommonPassword } from '../../lib/common-passwords';
import { unprocessable } from '../../lib/http-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AuthContext } from '../../lib/auth-context';
import { addMember, findMembership, insertCompany, rolesAndPermissions, setUserRoles } from '../companies/company.repository';
import { toAuthUser } from './auth-user';
import { beginPasswordAttempt, countRegistration } from './attempt-limits';
import { deleteOtherTokensOfUser, deleteToken, insertToken } from './token.repository';
import { expiryFrom, hashToken, newToken } from '../../lib/tokens';
import { findUserByEmail, insertUser, supervisesIn, updateUser } from './user.repository';
import { removeImage, storeImage } from '../../lib/images';

const FAILED_SIGN_IN = 'These credentials do not match our records.';

async function issueToken(app: FastifyInstance, userId: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  await insertToken(app.db, userId, hashToken(token), now.toISOString(), expiryFrom(now));
  return token;
}

/** A hash of nothing anyone knows: an unknown email costs the same scrypt run as a known one. */
let dummyHash: Promise<string> | null = null;
const hashForUnknownEmail = () => (dummyHash ??= hashPassword(randomBytes(32).toString('base64')));

/**
 * Signs in by email and password, within the sign-in limits (429). An unknown email, a wrong
 * password and an inactive account get one and the same answer after the same work.
 */
export async function login(app: FastifyInstance, body: LoginBody, address: string): Promise<AuthReply> {
  const email = body.email.toLowerCase();
  const attempt = await beginPasswordAttempt(app.db, email, address);
  const user = await findUserByEmail(app.db, email);
  const ok = await verifyPassword(body.password, user?.password_hash ?? (await hashForUnknownEmail()));
  if (!user || !ok || user.status !== 'active') throw unprocessable({ email: [FAILED_SIGN_IN] }, FAILED_SIGN_IN);
  await attempt.succeeded();
  const membership = await findMembership(app.db, user.id, null);
  const access = membership ? await rolesAndPermissions(app.db, user.id, membership.id) : { roles: [], permissions: [] };
  const supervises = membership ? await supervisesIn(app.db, membership.id, user.id) : false;
  return { user: toAuthUser(user, access.roles, access.permissions, supervises), token: await issueToken(app, user.id) };
}

/**
 * Creates a company (named companyName, else the email) with the new user as its administrator.
 * Registrations per address are limited. A taken email must be said (the reply signs the new user
 * in), but only after the same password hashing a new account costs.
 */
export async function register(app: FastifyInstance, body: RegisterBody, address: string): Promise<AuthReply> {
  const email = body.email.toLowerCase();
  await countRegistration(app.db, address);
  if (isCommonPassword(body.password, email)) throw unprocessable({ password: [commonPasswordMessage('password')] });
  const passwordHash = await hashPassword(body.password);
  if (await findUserByEmail(app.db, email)) throw unprocessable({ email: ['The email has already been taken.'] });
  const companyName = body.companyName?.trim() || email;
  const user = await app.db.transaction().execute(async (trx) => {
    const company = await insertCompany(trx, companyName);
    const now = nowIso();
    const created = await insertUser(trx, {
      name: body.name.trim(),
      email,
      password_hash: passwordHash,
      user_type: 'personnel',
      status: 'active',
      created_at: now,
      updated_at: now,
    });
    await addMember(trx, company.id, created.id, true);
    await setUserRoles(trx, company.id, created.id, ['admin']);
    return created;
  });
  const membership = await findMembership(app.db, user.id, null);
  const access = await rolesAndPermissions(app.db, user.id, membership!.id);
  return { user: toAuthUser(user, access.roles, access.permissions), token: await issueToken(app, user.id) };
}

export async function currentUser(app: FastifyInstance, auth: AuthContext): Promise<AuthUser> {
  return toAuthUser(auth.user, auth.roles, [...auth.permissions], await supervisesIn(app.db, auth.companyId, auth.user.id));
}

export async function logout(app: FastifyInstance, auth: AuthContext): Promise<void> {
  await deleteToken(app.db, auth.tokenId);
}

/**
 * Changes the name, and the password when both current and new are given: the current one must
 * match (checked within the sign-in limits), the new one must not be a common one, and the user's
 * other sessions end with the change (this one stays).
 */
export async function updateProfile(app: FastifyInstance, auth: AuthContext, body: ProfileBody, address: string): Promise<AuthUser> {
  const changes: { name: string; updated_at: string; password_hash?: string; language?: string | null } = { name: body.name.trim(), updated_at: nowIso() };
  if (body.language !== undefined) changes.language = body.language;
  if (body.current_password !== undefined && body.new_password !== undefined) {
    if (isCommonPassword(body.new_password, auth.user.email)) throw unprocessable({ new_password: [commonPasswordMessage('new_password')] });
    const attempt = await beginPasswordAttempt(app.db, auth.user.email, address);
    if (!(await verifyPassword(body.current_password, auth.user.password_hash))) {
      throw unprocessable({ current_password: ['The current password is incorrect.'] });
    }
    await attempt.succeeded();
    changes.password_hash = await hashPassword(body.new_password);
  }
  const user = await app.db.transaction().execute(async (trx) => {
    const updated = await updateUser(trx, auth.user.id, changes);
    if (changes.password_hash) await deleteOtherTokensOfUser(trx, auth.user.id, auth.tokenId);
    return updated;
  });
  return toAuthUser(user, auth.roles, [...auth.permissions], await supervisesIn(app.db, auth.companyId, auth.user.id));
}

/** Replaces the caller's avatar with an uploaded image; the old file is removed. */
export async function updateAvatar(app: FastifyInstance, auth: AuthContext, image: Buffer | null): Promise<AuthUser> {
  if (!image) throw unprocessable({ avatar: ['Please select an image file'] });
  const stored = await storeImage(app.images, image, 'avatar');
  const user = await updateUser(app.db, auth.user.id, { avatar: stored, updated_at: nowIso() });
  await removeImage(app.images, auth.user.avatar);
  return toAuthUser(user, auth.roles, [...auth.permissions], await supervisesIn(app.db, auth.companyId, auth.user.id));
}
