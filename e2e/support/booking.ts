import { type ApiSession, apiCall } from './api';
import { dateIn } from './dates';
import type { RunningServer } from './server';

/** Books the counselor's first free time from tomorrow on, as the client, for `reason`; returns the appointment's uuid. */
export async function bookFirstFreeAhead(server: RunningServer, client: ApiSession, counselorId: number, reason: string): Promise<string> {
  const call = <T>(method: string, url: string, body?: object) => apiCall<T>(server, client, method, url, body);
  const { timezone } = await call<{ timezone: string }>('GET', '/api/settings');
  const category = (await call<{ data: { id: number }[] }>('GET', '/api/categories?per_page=1')).data[0].id;
  for (let d = 1; d < 30; d++) {
    const free = await call<{ starts: { appointment_date: string }[] }>('GET', `/api/appointments/available-slots?counselor_id=${counselorId}&date=${dateIn(timezone, d)}`);
    if (free.starts.length === 0) continue;
    const booked = await call<{ data: { uuid: string } }>('POST', '/api/appointments', { counselor_id: counselorId, appointment_date: free.starts[0].appointment_date, reason, category_id: category, location_type: 'online' });
    return booked.data.uuid;
  }
  throw new Error('no free time in 30 days');
}
