/** The message under a field; the field points at it with aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="ui-field-error">
      {error}
    </p>
  );
}
