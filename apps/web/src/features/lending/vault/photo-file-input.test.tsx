import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseOnDevice, initI18n } from '../../../lib/i18n';
import { PhotoFileInput } from './photo-file-input';

// A photo field's button speaks the screen's language, not the browser's (decision 0339): the file input is still
// the control, named by the label alone and described by the hint, reached by Tab; the button is only its drawing.

// The labels and hint a screen would pass, in each language.
const FIL = { label: 'Kumuha o pumili ng litrato', hint: 'Pinaliliit sa device na ito.' };
const EN = { label: 'Take or choose a photo' };

afterEach(async () => {
  cleanup();
  await chooseOnDevice('en');
});

describe('the photo file field', () => {
  it('is drawn with a button in Filipino on a Filipino screen, and the input keeps its label and hint', async () => {
    await chooseOnDevice('fil');
    await initI18n(['vault']);
    const onFiles = vi.fn();
    render(<PhotoFileInput label={FIL.label} labelClassName="text-sm" hint={FIL.hint} inputRef={createRef<HTMLInputElement>()} busy={false} onFiles={onFiles} />);
    expect(screen.getByText('Buksan ang camera o file').getAttribute('aria-hidden')).toBe('true');
    const input = screen.getByLabelText('Kumuha o pumili ng litrato') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.className).toContain('sr-only');
    expect(input.tabIndex).toBe(0);
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Pinaliliit sa device na ito.');
    const file = new File(['x'], 'ring.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFiles).toHaveBeenCalledTimes(1);
  });

  it('is disabled while busy, its button too', async () => {
    await initI18n(['vault']);
    render(<PhotoFileInput label={EN.label} labelClassName="text-sm" inputRef={createRef<HTMLInputElement>()} busy onFiles={() => {}} />);
    expect((screen.getByLabelText('Take or choose a photo') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Open the camera or files').className).toContain('peer-disabled:btn-disabled');
  });
});
