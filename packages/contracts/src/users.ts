import { z } from './zod';
import { isoDateSchema, pageQuerySchema, paginationMetaSchema, USER_TYPES, idSchema } from './common';

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A company member as the Users screen sees them (product-rules.md#entities). */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  student_id: z.string().nullable(),
  user_type: z.enum(USER_TYPES),
  department: z.string().nullable(),
  birth_date: z.string().nullable(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  status: z.enum(USER_STATUSES),
  created_at: z.string(),
  /** A counselor in training, and the counselor who supervises their clinical work (decision 0201). */
  is_trainee: z.boolean(),
  clinical_supervisor_id: z.number().int().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** What any signed-in member may know about a counselor (the booking form's picker): id and name. */
export const userOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type UserOption = z.infer<typeof userOptionSchema>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const usersQuerySchema = pageQuerySchema.extend({
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  role: z.preprocess(blankToUndefined, z.string().trim().max(60).optional()),
  user_type: z.preprocess(blankToUndefined, z.enum(USER_TYPES).optional()),
  status: z.preprocess(blankToUndefined, z.enum(USER_STATUSES).optional()),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;

/**
 * Managers get full users; a member without 'manage users' asking for `user_type=counselor`
 * gets only `{ id, name }` of the active counselors (docs/decisions/0031-users-api.md).
 */
export const usersReplySchema = z.object({
  data: z.array(z.union([userSchema, userOptionSchema])),
  meta: paginationMetaSchema,
});
export type UsersReply = { data: User[]; meta: z.infer<typeof paginationMetaSchema> };
export type CounselorsReply = { data: UserOption[]; meta: z.infer<typeof paginationMetaSchema> };

export const userSearchQuerySchema = z.object({
  query: z.string().trim().min(1, 'The query field is required.').max(100),
  role: z.preprocess(blankToUndefined, z.string().trim().max(60).optional()),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;

export const studentOptionSchema = z.object({ id: z.number().int(), name: z.string(), student_id: z.string().nullable() });
export type StudentOption = z.infer<typeof studentOptionSchema>;
export const userSearchReplySchema = z.array(studentOptionSchema);

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
    z.string().max(max, `At most ${max} characters.`).nullable().optional(),
  );

const userFields = {
  name: z.string().trim().min(1, 'The name field is required.').max(120, 'The name may not be greater than 120 characters.'),
  email: z.email('The email must be a valid email address.').max(255),
  user_type: z.enum(USER_TYPES, 'Choose a user type: student, personnel or counselor.'),
  roles: z.array(z.string().trim().min(1)).min(1, 'Choose at least one role.').max(20),
  student_id: optionalText(50),
  department: optionalText(120),
  // Not after the centre's today: the service checks it on the company's clock (birthDateProblem, decision 0373).
  birth_date: z.preprocess(
    (v) => (v === '' ? null : v),
    isoDateSchema
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'The birth date is not a valid date.')
      .nullable()
      .optional(),
  ),
  // Counselors only (decision 0201); left out, an update keeps what the user had.
  is_trainee: z.boolean().optional(),
  clinical_supervisor_id: idSchema.nullable().optional(),
};

/** A birth date after `today` (the company's date, todayIn(its zone)): the message the field shows, else null. */
export function birthDateProblem(birthDate: string | null | undefined, today: string): string | null {
  return birthDate && birthDate > today ? 'The birth date cannot be in the future.' : null;
}

export const createUserBodySchema = z.object({
  ...userFields,
  password: z.string().min(8, 'The password must be at least 8 characters.').max(200),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/** Update: like create, but the password is optional (blank keeps the current one). */
export const updateUserBodySchema = z.object({
  ...userFields,
  password: z.preprocess(blankToUndefined, z.string().min(8, 'The password must be at least 8 characters.').max(200).optional()),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const userIdParamsSchema = z.object({ id: idSchema });
export const userReplySchema = z.object({ data: userSchema });
export const messageReplySchema = z.object({ message: z.string() });
