import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCount, normalizeTag, proposedTag, TAG_PATTERN } from './vault-rules';

describe('proposedTag', () => {
  it('makes a valid tag of 8 Crockford characters from a uuid, the same each time', () => {
    const uuid = '8f14e45f-ceea-467a-9f5b-1e2c3d4a5b6c';
    expect(proposedTag(uuid)).toBe(proposedTag(uuid));
    expect(proposedTag(uuid)).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(TAG_PATTERN.test(proposedTag(uuid))).toBe(true);
    expect(proposedTag('00000000-0000-4000-8000-000000000000')).toBe('0000-0000');
  });

  it('rarely repeats over many uuids', () => {
    const tags = new Set(Array.from({ length: 20_000 }, () => proposedTag(randomUUID())));
    expect(tags.size).toBeGreaterThan(19_990);
  });
});

describe('compareCount', () => {
  const item = (tag: string) => ({ uuid: `u-${tag}`, tag_number: tag, description: tag });

  it('lists the missing items and the unexpected tags, whatever the spelling or repeats', () => {
    const result = compareCount([item('A-1'), item('B-2'), item('C-3')], ['a-1', ' C-3', 'C-3', 'Z-9', '']);
    expect(result.present.map((i) => i.tag_number)).toEqual(['A-1', 'C-3']);
    expect(result.missing.map((i) => i.tag_number)).toEqual(['B-2']);
    expect(result.unexpected).toEqual(['Z-9']);
  });

  it('splits every expected item into present or missing, and every scanned tag into present or unexpected', () => {
    const tag = fc.stringMatching(/^[A-Z0-9]{3,6}$/);
    fc.assert(
      fc.property(fc.uniqueArray(tag, { maxLength: 30 }), fc.array(tag, { maxLength: 30 }), (expectedTags, scanned) => {
        const expected = expectedTags.map(item);
        const r = compareCount(expected, scanned);
        expect(r.present.length + r.missing.length).toBe(expected.length);
        const scannedSet = new Set(scanned.map(normalizeTag));
        expect(r.present.length + r.unexpected.length).toBe(scannedSet.size);
        for (const m of r.missing) expect(scannedSet.has(m.tag_number)).toBe(false);
        for (const u of r.unexpected) expect(expectedTags).not.toContain(u);
      }),
    );
  });
});
