import { z } from './zod';
import { USER_TYPES } from './common';
import { LANGUAGES } from './languages';

export const LANGUAGE_RULE = 'Choose Filipino or English.';

export const authUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: z.string().nullable(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  user_type: z.enum(USER_TYPES),
  student_id: z.string().nullable(),
  department: z.string().nullable(),
  birth_date: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  /** A clinical supervisor of at least one counselor of the company: sees Notes to review (decision 0208). */
  supervises: z.boolean().optional(),
  /** The user's own language; null, none chosen (the site's default applies; decision 0246). */
  language: z.enum(LANGUAGES).nullable().optional(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const loginBodySchema = z.object({
  email: z.email('The email must be a valid email address.').max(255),
  password: z.string().min(1, 'The password field is required.').max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z
  .object({
    name: z.string().trim().min(1, 'The name field is required.').max(120),
    email: z.email('The email must be a valid email address.').max(255),
    password: z.string().min(8, 'The password must be at least 8 characters.').max(200),
    password_confirmation: z.string().min(1, 'The password confirmation field is required.'),
    companyName: z.string().trim().max(120).optional().nullable(),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The password confirmation does not match.',
  });
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const authReplySchema = z.object({ user: authUserSchema, token: z.string() });
export type AuthReply = z.infer<typeof authReplySchema>;
export const meReplySchema = z.object({ user: authUserSchema });

export const profileBodySchema = z
  .object({
    name: z.string().trim().min(1, 'The name field is required.').max(120),
    current_password: z.string().min(1).max(200).optional(),
    new_password: z.string().min(8, 'The new password must be at least 8 characters.').max(200).optional(),
    /** null: none chosen, the site's default applies. Absent: unchanged. */
    language: z.enum(LANGUAGES, LANGUAGE_RULE).nullable().optional(),
  })
  .refine((b) => (b.current_password === undefined) === (b.new_password === undefined), {
    path: ['new_password'],
    message: 'Fill in both the current and the new password to change it.',
  });
export type ProfileBody = z.infer<typeof profileBodySchema>;

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pivot: z.object({ is_default: z.boolean() }),
});
export type Company = z.infer<typeof companySchema>;
export const companiesReplySchema = z.object({ data: z.array(companySchema) });
