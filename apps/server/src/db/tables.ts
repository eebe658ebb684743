import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

// Portable column conventions (docs/decisions/0002-portable-schema.md):
// instants are ISO 8601 UTC text, calendar dates YYYY-MM-DD text, booleans 0/1 integers.

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  timezone: string;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  avatar: string | null;
  user_type: 'student' | 'personnel' | 'counselor';
  student_id: string | null;
  department: string | null;
  birth_date: string | null;
  status: 'active' | 'inactive';
  created_at: string;
  updated_at: string;
}

export interface CompanyUserTable {
  company_id: number;
  user_id: number;
  is_default: number;
  created_at: string;
}

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
}

export interface RolesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  created_at: string;
}

export interface RolePermissionTable {
  role_id: number;
  permission_id: number;
}

export interface RoleUserTable {
  role_id: number;
  user_id: number;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
}

export interface SettingsTable {
  company_id: number;
  site_name: string | null;
  site_logo: string | null;
  business_name: string | null;
  business_address: string | null;
  appointment_duration_minutes: number;
  students_can_book: number;
  updated_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  uuid: string;
  company_id: number;
  title: string;
  description: string | null;
  image_path: string | null;
  name: string | null;
  interest_rate: number;
  penalty_rate: number;
  loan_period: number;
  loan_period_type: string;
  loan_period_expiry: number;
  is_renewable: number;
  created_at: string;
  updated_at: string;
}

export interface ResourcesTable {
  id: Generated<number>;
  uuid: string;
  company_id: number;
  title: string;
  content: string;
  image_path: string | null;
  type: string | null;
  is_published: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface CategoryResourceTable {
  category_id: number;
  resource_id: number;
}

export interface CounselorSchedulesTable {
  id: Generated<number>;
  company_id: number;
  counselor_id: number;
  day: string;
  is_available: number;
  start_time: string;
  end_time: string;
  break_start: string | null;
  break_end: string | null;
}

export interface ExcludedDatesTable {
  id: Generated<number>;
  company_id: number;
  counselor_id: number;
  excluded_date: string;
  reason: string | null;
  created_at: string;
}

export interface AppointmentsTable {
  id: Generated<number>;
  uuid: string;
  company_id: number;
  counselor_id: number;
  client_id: number;
  category_id: number;
  /** Start instant, ISO 8601 UTC, always written by Date.toISOString() so equal instants are equal text. */
  appointment_date: string;
  /** The start's calendar day in the company's time zone, kept for reports and day queries. */
  local_date: string;
  duration_minutes: number;
  reason: string;
  status: 'pending' | 'confirmed' | 'completed' | 'cancelled';
  location_type: 'online' | 'on-site';
  location: string | null;
  user_type: 'student' | 'personnel';
  notes: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface AppointmentStatusChangesTable {
  id: Generated<number>;
  company_id: number;
  appointment_id: number;
  from_status: string | null;
  to_status: string;
  changed_by: number | null;
  changed_at: string;
}

/** Bumped by triggers on every write to a company's appointments (migration 005); keys cached list totals. */
export interface AppointmentVersionsTable {
  company_id: number;
  version: number;
}

export interface Database {
  companies: CompaniesTable;
  users: UsersTable;
  company_user: CompanyUserTable;
  permissions: PermissionsTable;
  roles: RolesTable;
  role_permission: RolePermissionTable;
  role_user: RoleUserTable;
  access_tokens: AccessTokensTable;
  settings: SettingsTable;
  categories: CategoriesTable;
  resources: ResourcesTable;
  category_resource: CategoryResourceTable;
  counselor_schedules: CounselorSchedulesTable;
  excluded_dates: ExcludedDatesTable;
  appointments: AppointmentsTable;
  appointment_status_changes: AppointmentStatusChangesTable;
  appointment_versions: AppointmentVersionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type ResourceRow = Selectable<ResourcesTable>;
export type AppointmentRow = Selectable<AppointmentsTable>;
