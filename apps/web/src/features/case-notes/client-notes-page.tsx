import { Link, useParams, useSearchParams } from 'react-router';
import { centreDateTime } from '../../lib/centre-time';
import { useT } from '../../lib/i18n';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { ClientGroupNotes } from './client-group-notes';
import { ClientNotes } from './client-notes';

// /clients/:id/notes: a client's case notes for their care team; ?session=<appointment uuid>&at=<its start> opens
// that session's note (from "Write note" on an appointment). Below them, the client's group session notes cut to
// this client (decision 0296).

export function ClientNotesPage() {
  const t = useT('caseNotes');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('caseNotes.title'));
  const clientId = Number(useParams().id);
  const [params] = useSearchParams();
  const sessionUuid = params.get('session');
  const at = params.get('at');
  const session = sessionUuid ? { uuid: sessionUuid, label: at ? centreDateTime(at, settings.data?.timezone) : t('caseNotes.chosenAppointment') } : null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5" data-no-snapshot>
      <div>
        <h1 className="text-2xl font-bold">{t('caseNotes.clientNotes')}</h1>
        <p className="text-base-content/70">{t('caseNotes.confidential')}</p>
        <Link className="link text-sm" to="/appointments">{t('caseNotes.backToAppointments')}</Link>
      </div>
      <ClientNotes key={`${clientId}-${sessionUuid ?? ''}`} clientId={clientId} session={session} />
      <ClientGroupNotes clientId={clientId} />
    </div>
  );
}
