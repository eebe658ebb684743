import { previewContent, type Resource } from '@kalinga/contracts/resources';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chooseOnDevice, initI18n } from '../../lib/i18n';
import { ResourceCard } from './components/resource-card';

beforeAll(() => initI18n(['resources']));
afterEach(cleanup);

const resource = (content: string, published = true): Resource => ({
  id: 1,
  uuid: 'a1b2c3d4-0000-4000-8000-000000000001',
  title: 'Box Breathing',
  content,
  categories: [{ id: 2, title: 'Anxiety' }],
  is_published: published,
  image_url: null,
  type: 'guide',
  created_at: '2026-01-05T02:00:00.000Z',
  updated_at: '2026-01-05T02:00:00.000Z',
});

describe('the 150-character preview', () => {
  it('keeps content of 150 characters or fewer as it is', () => {
    expect(previewContent('')).toBe('');
    expect(previewContent('a'.repeat(150))).toBe('a'.repeat(150));
  });

  it("cuts one unbroken word longer than the preview at 150 characters and adds '...'", () => {
    const long = `${'b'.repeat(150)}TAIL`;
    expect(previewContent(long)).toBe(`${'b'.repeat(150)}...`);
    expect(previewContent('x'.repeat(151))).toHaveLength(153);
    expect(previewContent(`${'a'.repeat(149)}😀 tail`)).toBe(`${'a'.repeat(149)}...`);
  });

  it("cuts longer content at the last word's end within 150 characters, never mid-word, in English and Filipino (decision 0317)", () => {
    const english = 'When you feel anxious, try box breathing: breathe in for four counts, hold for four, breathe out for four, and hold again for four before you start over.';
    expect(english.length).toBeGreaterThan(150);
    const en = previewContent(english);
    expect(en).toBe('When you feel anxious, try box breathing: breathe in for four counts, hold for four, breathe out for four, and hold again for four before you start...');
    const filipino = 'Kapag kinakabahan ka, subukan ang box breathing: huminga nang malalim sa loob ng apat na bilang, pigilan nang apat, ilabas nang apat, at ulitin hanggang kumalma ka.';
    const fil = previewContent(filipino);
    expect(fil).toBe('Kapag kinakabahan ka, subukan ang box breathing: huminga nang malalim sa loob ng apat na bilang, pigilan nang apat, ilabas nang apat, at ulitin...');
    for (const [text, preview] of [[english, en], [filipino, fil]]) {
      const kept = preview.slice(0, -3);
      expect(kept.length).toBeLessThanOrEqual(150);
      expect(text.startsWith(kept)).toBe(true);
      expect(text[kept.length]).toMatch(/[\s,]/);
    }
    expect(previewContent(`${'word, '.repeat(25)}next`)).toBe(`${'word, '.repeat(25).trimEnd().slice(0, -1)}...`);
  });

  it('is what a card shows, with the category badges; Published/Draft only for managers', () => {
    const text = `${'Breathe in for four. '.repeat(10)}`;
    render(
      <MemoryRouter>
        <ResourceCard resource={resource(text, false)} canManage={false} onEdit={() => {}} onDelete={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByText(`${text.slice(0, 147).trimEnd()}...`)).toBeTruthy();
    expect(screen.getByText('Anxiety')).toBeTruthy();
    expect(screen.queryByText('Draft')).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    cleanup();
    render(
      <MemoryRouter>
        <ResourceCard resource={resource('Short', false)} canManage onEdit={() => {}} onDelete={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Draft')).toBeTruthy();
    expect(screen.getByText('Short')).toBeTruthy();
  });
});

describe('the card in Filipino', () => {
  it('says its words in Filipino when that is the language in use', async () => {
    await chooseOnDevice('fil');
    try {
      render(
        <MemoryRouter>
          <ResourceCard resource={resource('Short', true)} canManage onEdit={() => {}} onDelete={() => {}} />
        </MemoryRouter>,
      );
      expect(screen.getByText('Naka-publish')).toBeTruthy();
      expect(screen.getByRole('link', { name: /^Basahin pa\s*tungkol sa Box Breathing$/ })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'I-edit ang Box Breathing' })).toBeTruthy();
    } finally {
      await chooseOnDevice('en');
    }
  });
});

describe('the card image', () => {
  it('an image that cannot be loaded shows the placeholder, not a broken image', () => {
    const { container } = render(
      <MemoryRouter>
        <ResourceCard resource={{ ...resource('Short'), image_url: '/uploads/missing.png' }} canManage={false} onEdit={() => {}} onDelete={() => {}} />
      </MemoryRouter>,
    );
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('resource-placeholder')).toBeTruthy();
  });
});
