import { type RefObject, useId } from 'react';
import { useT } from '../../../lib/i18n';

/**
 * A photo file field drawn with a button in the screen's language (decision 0339): the browser's own file input says
 * "Choose File" and "No file chosen" in the browser's language, which for many Filipino readers is English. The input
 * stays the control (named by the field's label, focused by Tab, opened by Enter or Space, visually hidden); the
 * button under the label is its drawing, hidden from assistive technology, showing the keyboard's focus and busy state.
 */
export function PhotoFileInput(props: {
  id?: string;
  label: string;
  labelClassName: string;
  hint?: string;
  inputRef: RefObject<HTMLInputElement | null>;
  multiple?: boolean;
  busy: boolean;
  onFiles: (files: FileList | null) => void;
}) {
  const t = useT('vault');
  const own = useId();
  const labelId = `${own}-label`;
  const hintId = `${own}-hint`;
  return (
    <label className="flex flex-col gap-1">
      <span id={labelId} className={props.labelClassName}>{props.label}</span>
      <input
        ref={props.inputRef}
        id={props.id}
        type="file"
        accept="image/*"
        capture="environment"
        multiple={props.multiple}
        className="peer sr-only"
        aria-labelledby={labelId}
        aria-describedby={props.hint ? hintId : undefined}
        disabled={props.busy}
        onChange={(e) => props.onFiles(e.target.files)}
      />
      <span
        aria-hidden="true"
        className="btn btn-sm btn-outline w-fit cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-base-content peer-disabled:btn-disabled"
      >
        {t('vault.photo.choose')}
      </span>
      {props.hint && <span id={hintId} className="text-xs text-base-content/70">{props.hint}</span>}
    </label>
  );
}
