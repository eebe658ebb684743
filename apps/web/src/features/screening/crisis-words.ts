import { type CrisisInfo, DEFAULT_NEXT_STEPS, NATIONAL_CRISIS_LINES } from '@kalinga/contracts/screening/crisis';
import type { MessageKey, Translate } from '../../lib/i18n';

// The crisis screen's built-in words (the national lines and the default next steps, decision 0161) in the language
// in use (decision 0318): a centre that kept them as they are sees them in Filipino too; the words a centre wrote
// itself stay as written. The crisis catalog is precached in both languages, so this holds offline.

const BUILT_IN_HOURS = NATIONAL_CRISIS_LINES[0].hours;

/** The national lines' names, by the English the contracts give them. */
const LINE_NAMES: Record<string, MessageKey> = {
  [NATIONAL_CRISIS_LINES[0].name]: 'crisis.line.landline',
  [NATIONAL_CRISIS_LINES[1].name]: 'crisis.line.mobile',
  [NATIONAL_CRISIS_LINES[2].name]: 'crisis.line.globe',
  [NATIONAL_CRISIS_LINES[3].name]: 'crisis.line.smart',
  [NATIONAL_CRISIS_LINES[4].name]: 'crisis.line.emergency',
};

/** The contacts and next steps as the screen shows them: built-in text in the language in use, the centre's own as is. */
export function crisisWords(info: CrisisInfo, t: Translate): CrisisInfo {
  return {
    contacts: info.contacts.map((c) => ({
      number: c.number,
      name: LINE_NAMES[c.name] ? t(LINE_NAMES[c.name]) : c.name,
      hours: c.hours === BUILT_IN_HOURS ? t('crisis.allDay') : c.hours,
    })),
    next_steps: info.next_steps.trim() === DEFAULT_NEXT_STEPS ? t('crisis.defaultNextSteps') : info.next_steps,
  };
}
