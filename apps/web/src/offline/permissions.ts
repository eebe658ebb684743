// What the signed-in user may do, as the engine asks it (whether to pull a book, whether an action may be dated
// further back). The auth module answers (it registers its check at start-up): the engine imports no feature.

let check: ((permission: string) => boolean) | null = null;

/** Registered by the auth module; `null` while nobody is known answers "allowed" (the server decides). */
export function setPermissionCheck(next: ((permission: string) => boolean) | null): void {
  check = next;
}

/** True when the user holds `permission`, or when no user is known yet (the server still refuses what is not theirs). */
export function userMay(permission: string): boolean {
  return check ? check(permission) : true;
}
