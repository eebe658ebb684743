import { z } from './zod';
import { PERMISSIONS, idSchema } from './common';

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.string()),
  users_count: z.number().int(),
  /** Built-in roles (admin, counselor, personnel, student, landlord, tenant) keep their names and cannot be deleted. */
  is_system: z.boolean(),
});
export type Role = z.infer<typeof roleSchema>;

export const rolesReplySchema = z.object({ data: z.array(roleSchema) });
export const roleReplySchema = z.object({ data: roleSchema });

export const roleBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'The name field is required.')
    .max(60, 'The name may not be greater than 60 characters.')
    .regex(/^[\p{L}\p{N} _.-]+$/u, 'Use letters, numbers, spaces, dots, dashes or underscores.'),
  permissions: z.array(z.enum(PERMISSIONS, 'Unknown permission.')).max(PERMISSIONS.length),
});
export type RoleBody = z.infer<typeof roleBodySchema>;

export const roleIdParamsSchema = z.object({ id: idSchema });

export const permissionSchema = z.object({ id: z.number().int(), name: z.string() });
export type Permission = z.infer<typeof permissionSchema>;
export const permissionsReplySchema = z.object({ data: z.array(permissionSchema) });
