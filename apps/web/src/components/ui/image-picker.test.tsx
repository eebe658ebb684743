import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImagePicker } from './image-picker';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Harness({ onChange }: { onChange: (f: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <ImagePicker
      label="Image"
      currentUrl={null}
      file={file}
      onChange={(f) => {
        setFile(f);
        onChange(f);
      }}
    />
  );
}

describe('ImagePicker', () => {
  it("refuses a non-image with the spec's alert and clears the selection", () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Image') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(alert).toHaveBeenCalledWith('Please select an image file');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input.value).toBe('');
    expect(screen.getByText('max 2MB, JPG, PNG, GIF')).toBeTruthy();
  });

  it('accepts an image and shows a preview', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const file = new File([new Uint8Array([0x89, 0x50])], 'pic.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Image'), { target: { files: [file] } });
    expect(alert).not.toHaveBeenCalled();
    expect(onChange).toHaveBeenLastCalledWith(file);
    expect(screen.getByTestId('image-preview').getAttribute('src')).toBe('blob:preview');
  });

  it('a stored image that cannot be loaded shows the placeholder instead of a broken preview', () => {
    render(<ImagePicker label="Image" currentUrl="/uploads/missing.png" file={null} onChange={() => {}} />);
    fireEvent.error(screen.getByTestId('image-preview'));
    expect(screen.queryByTestId('image-preview')).toBeNull();
    expect(screen.getByTestId('image-placeholder').textContent).toBe('The current image could not be shown');
  });
});
