import type {
  ChangeEvent,
  InputHTMLAttributes,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";

/** `onValue` hands on the new text; `onChange` (react-hook-form's `register`) still gets the event. */
interface ValueProps<E extends HTMLElement> {
  onValue?: (value: string) => void;
  onChange?: (event: ChangeEvent<E>) => void;
  ref?: Ref<E>;
}

const withClass = (base: string, className: string | undefined) =>
  className ? `${base} ${className}` : base;

function changeHandler<E extends HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>({
  onValue,
  onChange,
}: ValueProps<E>) {
  return (event: ChangeEvent<E>) => {
    onChange?.(event);
    onValue?.(event.target.value);
  };
}

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> &
  ValueProps<HTMLInputElement>;

/** The app's text input (class `input`): put it in a Field, which gives it its id and description. */
export function Input({ className, onValue, onChange, ...rest }: InputProps) {
  return (
    <input
      className={withClass("input", className)}
      onChange={changeHandler({ onValue, onChange })}
      {...rest}
    />
  );
}

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange"> &
  ValueProps<HTMLSelectElement>;

/** The app's select (class `select`). */
export function Select({ className, onValue, onChange, ...rest }: SelectProps) {
  return (
    <select
      className={withClass("select", className)}
      onChange={changeHandler({ onValue, onChange })}
      {...rest}
    />
  );
}

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "onChange"> &
  ValueProps<HTMLTextAreaElement>;

/** The app's textarea (class `textarea`). */
export function TextArea({ className, onValue, onChange, ...rest }: TextAreaProps) {
  return (
    <textarea
      className={withClass("textarea", className)}
      onChange={changeHandler({ onValue, onChange })}
      {...rest}
    />
  );
}
