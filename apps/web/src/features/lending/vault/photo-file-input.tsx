import { type RefObject, useId } from 'react';
import { FileButton } from '../../../components/ui/file-button';
import { useT } from '../../../lib/i18n';

/** A photo file field: its label, the file button (components/ui/file-button.tsx, decision 0339) and its hint. */
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
      <FileButton
        text={t('vault.photo.choose')}
        inputRef={props.inputRef}
        withinLabel
        id={props.id}
        accept="image/*"
        capture="environment"
        multiple={props.multiple}
        aria-labelledby={labelId}
        aria-describedby={props.hint ? hintId : undefined}
        disabled={props.busy}
        onChange={(e) => props.onFiles(e.target.files)}
      />
      {props.hint && <span id={hintId} className="text-xs text-base-content/70">{props.hint}</span>}
    </label>
  );
}
