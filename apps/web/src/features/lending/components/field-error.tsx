/** A field's own message, beside it (named by the field's aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="text-sm text-error" data-testid="field-error">
      {message}
    </span>
  );
}
