import type { InputHTMLAttributes, RefObject } from 'react';

/**
 * A file input drawn as a button in the screen's language (decision 0339): the browser's own file input says "Choose
 * File" and "No file chosen" in the browser's language, which for many Filipino readers is English. The input stays
 * the control (named by its label, reached by Tab, opened by Enter or Space, visually hidden); the button after it is
 * its drawing, hidden from assistive technology, showing the keyboard's focus, the busy state and an error. Inside a
 * `<label>` a click on the drawing reaches the input through the label; elsewhere (`withinLabel` false) it is passed on.
 */
export function FileButton({
  text,
  inputRef,
  withinLabel = false,
  invalid = false,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  text: string;
  inputRef: RefObject<HTMLInputElement | null>;
  withinLabel?: boolean;
  invalid?: boolean;
}) {
  return (
    <>
      <input ref={inputRef} type="file" className="peer sr-only" {...input} />
      <span
        aria-hidden="true"
        onClick={withinLabel ? undefined : () => inputRef.current?.click()}
        className={`btn btn-sm btn-outline w-fit cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-base-content peer-disabled:btn-disabled ${invalid ? 'btn-error' : ''}`}
      >
        {text}
      </span>
    </>
  );
}
