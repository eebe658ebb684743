import type { GroupNoteToReview } from '@kalinga/contracts/groups';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { groupNotesAwaitingCosignOf } from './group-review.repository';

/**
 * GET /api/group-notes/review-queue: the trainees' group notes waiting for the caller's co-signature (decision 0320),
 * oldest signature first. The list holds no note text and no member, so it opens no client's content; the note
 * itself is read, and its members' content opened, when the supervisor opens it.
 */
export async function groupNotesToReview(db: DB, auth: AuthContext): Promise<GroupNoteToReview[]> {
  const rows = await groupNotesAwaitingCosignOf(db, auth.companyId, auth.user.id);
  return rows.map((r) => ({
    uuid: r.uuid,
    group: { uuid: r.group_uuid, name: r.group_name },
    session: { uuid: r.session_uuid, index: r.session_index, starts_at: r.starts_at, local_date: r.local_date },
    author: { id: r.author_id, name: r.author_name },
    signed: { name: r.signed_by_name ?? r.author_name, at: r.signed_at ?? r.updated_at },
    late_entry: r.late_entry === 1,
  }));
}
