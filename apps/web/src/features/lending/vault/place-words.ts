import type { PlaceKind } from '@kalinga/contracts/lending/vault-rules';
import type { MessageKey } from '../../../lib/i18n';

/** Each kind of place's word in the catalogs (written out, so the catalog test finds each key). */
export const PLACE_WORDS: Record<PlaceKind, MessageKey> = {
  vault: 'vault.place.vault',
  drawer: 'vault.place.drawer',
  tray: 'vault.place.tray',
};
