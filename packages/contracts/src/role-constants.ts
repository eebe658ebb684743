// Built-in roles that exist because the product's role checks name them (decision 0148) (a user's roles are compared with 'landlord'
// and 'tenant' there) and that do nothing: a counselling centre has no landlords or tenants. Every company
// keeps them, so those checks find the names, but they are not offered on the Users and Roles screens and the
// API does not give them to anyone (decision 0148). No zod here: screens import it on their first paint.

export const UNOFFERED_ROLES: readonly string[] = ['landlord', 'tenant'];

/** Whether a role may be shown to an administrator and given to users. */
export function isOfferedRole(name: string): boolean {
  return !UNOFFERED_ROLES.includes(name);
}

/** The 422's words when someone tries to give one of them to a user. */
export function unofferedRoleMessage(name: string): string {
  return `The ${name} role cannot be given to users: it is built in for compatibility and does nothing in a centre.`;
}
