import { useEffect, useRef, type InputHTMLAttributes, type ReactNode } from "react";

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  /** The visible text; the label wraps the box, so clicking the text ticks it. */
  label: ReactNode;
  /** A dash instead of a tick: some, not all, of what this box stands for is ticked ("select all"). */
  indeterminate?: boolean;
}

/** A labelled checkbox that can also show the mixed state, which HTML only offers as a DOM property. */
export function Checkbox({ label, indeterminate = false, className, ...rest }: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  // Every render: a click clears the DOM property even when the prop stays the same.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  });
  return (
    <label className={["checkbox", className].filter(Boolean).join(" ")}>
      <input ref={ref} type="checkbox" {...rest} />
      <span>{label}</span>
    </label>
  );
}
