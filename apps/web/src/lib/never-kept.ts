/**
 * Screens of which nothing is kept in the browser beyond what the session needs (decision 0162): the crisis screen,
 * the questionnaires, the Triage list and a client's screenings; the Access log, which names clients (decision 0204);
 * the Clients list and client file, case notes, group notes and Notes to review, Files to purge, and My Profile, whose My record
 * shows the user's own correction requests and answers (decision 0235), and Groups, whose closed groups name people in
 * treatment and their attendance (decisions 0340, 0357). No last-screen snapshot, and no list of the start-up's reads,
 * whose addresses would name the client (decision 0252).
 */
export const NEVER_KEPT = /^\/(crisis|intake|triage|clients|access-log|case-notes|groups|group-notes|files-to-purge|profile)(\/|$)/;
