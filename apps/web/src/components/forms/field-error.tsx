export interface FieldErrorProps {
  /** The id the input's aria-describedby names. */
  id: string;
  /** Nothing is shown without one. */
  message: string | undefined;
}

/** A field's own error, under the field. */
export function FieldError({ id, message }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      {message}
    </p>
  );
}
