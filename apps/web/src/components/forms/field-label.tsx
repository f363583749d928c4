import type { ReactNode } from "react";

export interface FieldLabelProps {
  htmlFor: string;
  /** Marks the field with a star; the input itself says required to screen readers. */
  required?: boolean;
  children: ReactNode;
}

export function FieldLabel({ htmlFor, required = false, children }: FieldLabelProps) {
  return (
    <label className="field__label" htmlFor={htmlFor}>
      {children}
      {required && (
        <span className="field__required" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}
