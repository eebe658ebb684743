import type { AccessKind } from '@kalinga/contracts/client-access-constants';
import type { MessageKey } from '../../lib/i18n';

/** What was opened, in words (the access log area). */
export const KIND_LABELS: Record<AccessKind, MessageKey> = {
  screenings: 'accessLog.kind.screenings',
  urgent_case: 'accessLog.kind.urgent_case',
  case_notes: 'accessLog.kind.case_notes',
  attendance: 'accessLog.kind.attendance',
  client_file: 'accessLog.kind.client_file',
  triage_list: 'accessLog.kind.triage_list',
  export: 'accessLog.kind.export',
  disclosure: 'accessLog.kind.disclosure',
};
