import type { Language } from '@kalinga/contracts/languages';

/**
 * The language a pawner's printed ticket and notice letter are in (decision 0316): the pawner's own (decision 0291),
 * else the site's default, else the screen's (the clerk prints face to face with the pawner).
 */
export function pawnerLanguage(pawner: Language | null | undefined, site: Language | null | undefined, screen: Language): Language {
  return pawner ?? site ?? screen;
}
