import { startPage } from './boot';
import { warmIntl } from './warm-intl';

// What the build inlines into index.html (bundled on its own: no imports at run time).
startPage(document, window, () => localStorage, Date.now());
warmIntl(window, () => localStorage);
