// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LENDING_RULE_MESSAGES, LENDING_RULE_WORDS } from '@kalinga/contracts/lending/rule-messages';
import { describe, expect, it } from 'vitest';

// The lending rules' sentences have their keys in the catalogs (decision 0290): English word for word as the rules
// write them, so a rule whose sentence changes fails here until its catalog entry follows.

const here = path.dirname(fileURLToPath(import.meta.url));
const en = JSON.parse(fs.readFileSync(path.join(here, '../../i18n/en/lending.json'), 'utf8')) as Record<string, string>;
const fil = JSON.parse(fs.readFileSync(path.join(here, '../../i18n/fil/lending.json'), 'utf8')) as Record<string, string>;

describe('the lending rules in the catalogs', () => {
  it('hold each rule sentence word for word in English, and a Filipino one', () => {
    for (const [key, text] of Object.entries(LENDING_RULE_MESSAGES)) {
      expect(en[`lending.rule.${key}`], key).toBe(text);
      expect(fil[`lending.rule.${key}`], key).not.toBe(text);
    }
  });

  it('name each word a sentence may hold', () => {
    const words = new Set(Object.entries(en).filter(([key]) => key.startsWith('lending.ruleWord.')).map(([, text]) => text));
    expect([...words].sort()).toEqual([...LENDING_RULE_WORDS].sort());
  });
});
