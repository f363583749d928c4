import type {
  ChangeEvent,
  InputHTMLAttributes,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";

type TextElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** `onValue` hands on the new text; `onChange` (react-hook-form's `register`) still gets the event. */
interface ValueProps<E extends TextElement> {
  onValue?: (value: string) => void;
  onChange?: (event: ChangeEvent<E>) => void;
  ref?: Ref<E>;
}

/** The app's class for the control (plus the caller's) and the change handler calling both callbacks. */
function controlProps<E extends TextElement>(
  base: string,
  { className, onValue, onChange }: ValueProps<E> & { className?: string },
) {
  return {
    className: className ? `${base} ${className}` : base,
    onChange: (event: ChangeEvent<E>) => {
      onChange?.(event);
      onValue?.(event.target.value);
    },
  };
}

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> &
  ValueProps<HTMLInputElement>;
export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange"> &
  ValueProps<HTMLSelectElement>;
export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "onChange"> &
  ValueProps<HTMLTextAreaElement>;

/** The app's text input (class `input`): put it in a Field, which gives it its id and description. */
export function Input({ className, onValue, onChange, ...rest }: InputProps) {
  return <input {...rest} {...controlProps("input", { className, onValue, onChange })} />;
}

/** The app's select (class `select`). */
export function Select({ className, onValue, onChange, ...rest }: SelectProps) {
  return <select {...rest} {...controlProps("select", { className, onValue, onChange })} />;
}

/** The app's textarea (class `textarea`). */
export function TextArea({ className, onValue, onChange, ...rest }: TextAreaProps) {
  return <textarea {...rest} {...controlProps("textarea", { className, onValue, onChange })} />;
}

/** A licence plate (class `plate`: shown as printed), never filled in or spell-checked by the browser. */
export function PlateInput({ className, ...rest }: InputProps) {
  return (
    <Input
      className={className ? `plate ${className}` : "plate"}
      autoComplete="off"
      spellCheck={false}
      {...rest}
    />
  );
}

/** A select's choices from a list of values and labels. */
export function Options({ options }: { options: readonly { value: string | number; label: string }[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}
