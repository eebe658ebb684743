// The localStorage keys of the session, in a module of their own that imports nothing: the page's inline start-up
// script (last-screen/boot.ts) is bundled with them alone, and the app's API client and session hint share them.

/** The signed-in session's token. */
export const TOKEN_KEY = 'token';
/** The company the user works in (sent with every call). */
export const COMPANY_KEY = 'company_id';
/** The signed-in user's id: with the company it names the local book the device reads and writes (decision 0110). */
export const BOOK_USER_KEY = 'book_user';
/** The branch this device works at, sent with every call (decision 0302). */
export const BRANCH_KEY = 'branch_id';
