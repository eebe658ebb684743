import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileButton } from './file-button';

// The file button (decision 0339): the input is the control, the drawing shows the screen's words and passes a click on.
const WORDS = { button: 'Pumili ng larawan', label: 'Larawan' };

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the file button', () => {
  it('draws its words beside a hidden, labelled input and opens the input when its drawing is clicked', () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <>
        <label htmlFor="f">{WORDS.label}</label>
        <FileButton text={WORDS.button} inputRef={ref} id="f" accept="image/*" />
      </>,
    );
    const input = screen.getByLabelText(WORDS.label) as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.className).toContain('sr-only');
    const drawing = screen.getByText(WORDS.button);
    expect(drawing.getAttribute('aria-hidden')).toBe('true');
    const click = vi.spyOn(input, 'click');
    fireEvent.click(drawing);
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('inside a label leaves the click to the label, and shows an error and the disabled state', () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <label>
        {WORDS.label}
        <FileButton text={WORDS.button} inputRef={ref} withinLabel invalid disabled />
      </label>,
    );
    const input = screen.getByLabelText(WORDS.label, { exact: false }) as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    const drawing = screen.getByText(WORDS.button);
    fireEvent.click(drawing);
    // The label's own activation reaches the input once (jsdom follows it); the drawing adds no second click.
    expect(click.mock.calls.length).toBeLessThanOrEqual(1);
    expect(input.disabled).toBe(true);
    expect(drawing.className).toContain('btn-error');
  });
});
