import type { AuctionListReply, NoticeListReply, NoticeReply, NoticeRow, PawnNotice } from '@kalinga/contracts/lending/notices';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErrorReply } from '@kalinga/contracts/common';
import { api, ApiError, rawRequest } from '../../../lib/api-client';
import { centreShortDateTime } from '../../../lib/centre-time';
import { t } from '../../../lib/i18n';
import { refusalText } from '../field-messages';
import { refreshQueries } from '../../../lib/refresh-queries';

// The notices before redemption periods end and the auction list are the server's (decisions 0184, 0185): a notice
// goes out once for every device, so these screens ask the server and say so when it cannot be reached.

export const NOTICES_KEY = ['pawn-notices'] as const;

export const PER_PAGE = 25;

export function useNoticeList(page: number) {
  return useQuery({
    queryKey: [...NOTICES_KEY, 'list', page],
    queryFn: () => api.get<NoticeListReply>('/api/pawn-notices', { page, per_page: PER_PAGE }),
    placeholderData: keepPreviousData,
  });
}

export function useNotice(uuid: string) {
  return useQuery({ queryKey: [...NOTICES_KEY, 'one', uuid], queryFn: () => api.get<NoticeReply>(`/api/loans/${encodeURIComponent(uuid)}/notice`).then((r) => r.data) });
}

export function useAuctionList(page: number) {
  return useQuery({
    queryKey: ['auction-list', page],
    queryFn: () => api.get<AuctionListReply>('/api/auction-list', { page, per_page: PER_PAGE }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Records a ticket's notice (its email is queued on the server); a refusal's sentence is the error's message. `key` is
 * the Idempotency-Key of this send: the card keeps it, so trying again after a lost reply answers the first result
 * instead of "already sent" (decision 0192).
 */
export function useSendNotice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ uuid, key }: { uuid: string; key: string }) => {
      const reply = await rawRequest('POST', `/api/loans/${encodeURIComponent(uuid)}/notice`, {}, { 'Idempotency-Key': key });
      if (reply.status !== 200 && reply.status !== 201) {
        const err = (reply.payload && typeof reply.payload === 'object' ? reply.payload : {}) as Partial<ErrorReply>;
        throw new ApiError(reply.status, err.message ?? 'The notice could not be sent.', err.errors ?? {}, typeof err.message === 'string');
      }
      return (reply.payload as NoticeReply).data;
    },
    onSettled: () => refreshQueries(qc, { queryKey: NOTICES_KEY }),
  });
}

/** What the screen says of a failed call: offline, or the server's sentence. */
export function problemText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 0) return t('lending.notices.offline');
  return refusalText(error) ?? fallback;
}

/** How the notice went, in one line: 'Emailed to … on …', the email failed, or 'Recorded … for a printed letter'. */
export function noticeStatusText(n: PawnNotice, timeZone: string | undefined): string {
  // On the counter's clock, its zone named when the browser's differs (decision 0380).
  const when = centreShortDateTime(n.sent_at, timeZone);
  const by = n.sent_by ? t('lending.notices.by', { name: n.sent_by }) : '';
  const email = n.email ?? '';
  if (n.email_status === 'sent') return t('lending.notices.status.sent', { email, when, by });
  if (n.email_status === 'failed') return t('lending.notices.status.failed', { email, when, by, error: n.email_error ? ` (${n.email_error})` : '' });
  if (n.email_status === 'sending') return t('lending.notices.status.sending', { email, when, by });
  return t('lending.notices.status.letter', { when, by });
}

export type { NoticeRow };
