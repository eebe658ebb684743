import { ApiError, COMPANY_KEY, getToken, OFFLINE_MESSAGE, type Query } from './api-client';

// A file the server writes (a PDF, a JSON download) fetched with the session's token and company and saved under
// `filename`: the bytes go straight to the browser's download and are never kept in browser storage.

export async function downloadFile(path: string, query: Query, filename: string, fallbackMessage: string): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const company = localStorage.getItem(COMPANY_KEY);
  if (company) headers.set('X-Company-Id', company);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError(0, OFFLINE_MESSAGE);
  let res: Response;
  try {
    res = await fetch(params.size > 0 ? `${path}?${params.toString()}` : path, { headers, cache: 'no-store' });
  } catch {
    throw new ApiError(0, OFFLINE_MESSAGE);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string; errors?: Record<string, string[]> } | null;
    throw new ApiError(res.status, body?.message ?? fallbackMessage, body?.errors ?? {});
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
