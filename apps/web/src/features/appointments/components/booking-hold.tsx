import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Tells a client before they book that the booking will wait for their counselor's approval, and why (the
 * no-show policy, decision 0155). Says nothing while loading or when the check fails: the server decides anyway,
 * and the booked appointment carries the same sentence.
 */
export function BookingHold() {
  const check = useQuery({
    queryKey: ['appointments', 'booking-check'],
    queryFn: () => api.get<{ data: { approval_reason: string | null } }>('/api/appointments/booking-check').then((r) => r.data),
  });
  const reason = check.data?.approval_reason;
  if (!reason) return null;
  return (
    <div role="status" className="alert alert-warning alert-soft" data-testid="booking-hold">
      {reason}
    </div>
  );
}
