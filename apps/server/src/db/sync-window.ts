/**
 * A window of the change counter, what a pull reads (docs/decisions/0065-sync-pull.md): a window is the rows whose last change
 * (`version`, the company's change counter at that write) lies in (after, until]; `after` is -1 for
 * the epoch, so rows written before the counter existed (version 0) come in a first pull too.
 */
export interface SyncWindow {
  companyId: number;
  /** Exclusive lower bound. */
  after: number;
  /** Inclusive upper bound: the counter pinned at the pull's (or download's) start. */
  until: number;
  /** The branches whose book the device keeps (decision 0304); null or absent: every branch. */
  branchIds?: readonly number[] | null;
}

/** A page of a chunked download: ordered by id after `afterId`, at most `limit` rows. */
export interface Page {
  afterId: number;
  limit: number;
}

/**
 * The window's rows of a table: all of them ordered by id (a delta), or one page of them (a chunk).
 * A chunk walks the primary key from `afterId`; a delta reads the (company_id, version) index.
 */
export function windowed<Q extends { where: (...args: never[]) => Q }>(query: Q, w: SyncWindow, page?: Page): Q {
  // Kysely's builders are typed per table; the filter is the same on every one.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  let q = query as any;
  q = q.where('company_id', '=', w.companyId).where('version', '>', w.after).where('version', '<=', w.until);
  if (page) q = q.where('id', '>', page.afterId).limit(page.limit);
  return q.orderBy('id') as Q;
}

