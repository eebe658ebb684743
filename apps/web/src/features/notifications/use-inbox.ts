import type { NotificationListReply } from '@kalinga/contracts/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { api, ApiError, COMPANY_KEY, errorMessage, rawRequest } from '../../lib/api-client';
import { t } from '../../lib/i18n';
import { useAfterFirstScreen } from '../../lib/first-screen';
import { useAuth } from '../../session/auth-store';
import { EMPTY_INBOX, type InboxList, replyAfterRead, withLatest, withOlder, withRead } from './inbox-merge';
import { refreshQueries } from '../../lib/refresh-queries';

export const INBOX_PAGE = 20;
/** How often an open tab asks for news (decision 0073); a hidden tab does not ask, a focused one asks at once. */
export const POLL_MS = 25_000;

/** The newest page and the validator it came with, sent back as If-None-Match on the next poll. */
export interface InboxSnapshot {
  etag: string | null;
  reply: NotificationListReply;
}

function replyMessage(payload: unknown): string {
  const message = payload && typeof payload === 'object' && 'message' in payload ? (payload as { message: unknown }).message : null;
  return typeof message === 'string' ? message : t('frame.bell.loadFailed');
}

/** One poll: 304 keeps the snapshot held (the same object, so nothing re-renders), 200 replaces it. */
export async function fetchNewest(previous: InboxSnapshot | undefined): Promise<InboxSnapshot> {
  const conditional = previous?.etag ? { 'If-None-Match': previous.etag } : undefined;
  const res = await rawRequest('GET', `/api/notifications?limit=${INBOX_PAGE}`, undefined, conditional);
  if (res.status === 304 && previous) return previous;
  if (res.status !== 200) throw new ApiError(res.status, replyMessage(res.payload));
  // Not parsed with the contract's zod schema: the bell is in the signed-in frame's chunk, which stays free of zod.
  return { etag: res.headers.get('etag'), reply: res.payload as NotificationListReply };
}

export function inboxKey(companyId: string | null, userId: number | undefined) {
  return ['notifications', companyId, userId] as const;
}

/**
 * The signed-in user's notifications for the bell: the newest page polled with its ETag while the tab is visible
 * and online, older pages on demand, and marking read. Failures of the poll keep the last list (no toasts).
 */
export type Inbox = ReturnType<typeof useInbox>;

export function useInbox() {
  const { user, status } = useAuth();
  const qc = useQueryClient();
  const key = inboxKey(localStorage.getItem(COMPANY_KEY), user?.id);
  // The first poll waits until the first screen shows its content (decision 0098); the bell draws at once without a count.
  const afterFirstScreen = useAfterFirstScreen();
  const newest = useQuery({
    queryKey: key,
    queryFn: () => fetchNewest(qc.getQueryData<InboxSnapshot>(key)),
    // Signed in from this device without the server (offline mode): nothing to ask.
    enabled: status === 'authenticated' && user !== null && afterFirstScreen,
    staleTime: 0,
    refetchInterval: () => (navigator.onLine ? POLL_MS : false),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    retry: false,
  });

  const [list, setList] = useState<InboxList>(EMPTY_INBOX);
  const snapshot = newest.data;
  useEffect(() => {
    if (snapshot) setList((l) => withLatest(l, snapshot.reply));
  }, [snapshot]);

  const [older, setOlder] = useState<{ loading: boolean; error: string | null }>({ loading: false, error: null });
  const lastId = list.items[list.items.length - 1]?.id;
  const loadMore = useCallback(async () => {
    if (lastId === undefined) return;
    setOlder({ loading: true, error: null });
    try {
      const reply = await api.get<NotificationListReply>('/api/notifications', { before: lastId, limit: INBOX_PAGE });
      setList((l) => withOlder(l, reply));
      setOlder({ loading: false, error: null });
    } catch (error) {
      setOlder({ loading: false, error: errorMessage(error, t('frame.bell.loadMoreFailed')) });
    }
  }, [lastId]);

  /** Marks these (ids the user saw unread) or all read; the count drops at once, the next poll confirms. */
  const markRead = useCallback(
    async (ids: number[] | 'all') => {
      await api.post('/api/notifications/read', ids === 'all' ? { all: true } : { ids });
      const at = new Date().toISOString();
      setList((l) => withRead(l, ids, at));
      qc.setQueryData<InboxSnapshot>(key, (s) => (s ? { ...s, reply: replyAfterRead(s.reply, ids, at) } : s));
      void refreshQueries(qc, { queryKey: key });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key's parts, not the new array of each render
    [qc, key[1], key[2]],
  );

  return {
    /** Server-side state: false before the first reply. */
    loaded: snapshot !== undefined,
    unread: snapshot?.reply.unread ?? 0,
    list,
    /** Signed in from this device only (offline mode): the server cannot be asked. */
    offlineMode: status === 'offline',
    isFetching: newest.isFetching,
    error: newest.error ? errorMessage(newest.error, t('frame.bell.loadFailed')) : null,
    refetch: () => void newest.refetch(),
    loadMore,
    older,
    markRead,
  };
}
