import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from "react";
import { FieldLabel } from "./field-label";

/**
 * What a field hands its control: the id its label points at, and the hint and error that describe it
 * (`aria-describedby` is built here once, for every field of the app). A Field's one child (an Input,
 * Select or TextArea) receives it; a child that wraps its control in more markup is a function that
 * spreads it: `{(control) => <div>…<input {...control} />…</div>}`.
 */
export interface FieldControl {
  id: string;
  name: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
}

export interface FieldProps {
  /** The visible label. */
  label: ReactNode;
  /**
   * The field's name in its form (a key of the form's values): the control's id is made from it, and
   * the form finds the field's error by it (`errors.name`), never by comparing messages.
   */
  name: string;
  /** The control's id when the form needs to know it (to focus it); made from `name` otherwise. */
  id?: string;
  /** The label is read out but not shown (a row's own field, named by its row). */
  hideLabel?: boolean;
  /** A star after the label; the control itself says required to screen readers. */
  required?: boolean;
  /** Help under the control, read out with it. */
  hint?: ReactNode;
  /** The hint is read out but not shown (e.g. how a date field is typed). */
  hintHidden?: boolean;
  /** Other elements that describe the control (ids), read after its own hint and error. */
  describedBy?: string;
  /** This field's error (the form's `errors[name]`): shown under it, the control marked invalid. */
  error?: string | null | false;
  /**
   * The control is refused by a message shown once for several fields (the form's, named by
   * `describedBy`): marked invalid without a line of its own.
   */
  invalid?: boolean;
  /** The error is announced when it appears (role="alert"). */
  announceError?: boolean;
  /** Classes added to the field's own ("field"). */
  className?: string;
  children: ReactElement<Partial<FieldControl>> | ((control: FieldControl) => ReactNode);
}

/**
 * One form field: label, control, hint and error, with the control's id and `aria-describedby` made in
 * one place. The error is the form's error for this field's name; without one nothing is shown.
 */
export function Field({
  label,
  name,
  id: givenId,
  required = false,
  hideLabel = false,
  hint,
  hintHidden = false,
  describedBy,
  error,
  invalid = false,
  announceError = false,
  className,
  children,
}: FieldProps) {
  const generatedId = `${useId()}-${name}`;
  const id = givenId ?? generatedId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedByIds = [hintId, errorId, describedBy].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className ? `field ${className}` : "field"}>
      {hideLabel ? (
        <label className="visually-hidden" htmlFor={id}>
          {label}
        </label>
      ) : (
        <FieldLabel htmlFor={id} required={required}>
          {label}
        </FieldLabel>
      )}
      {renderControl(children, {
        id,
        name,
        "aria-describedby": describedByIds,
        "aria-invalid": error || invalid ? true : undefined,
      })}
      {hint &&
        (hintHidden ? (
          <span id={hintId} className="visually-hidden">
            {hint}
          </span>
        ) : (
          <div id={hintId} className="field__hint">
            {hint}
          </div>
        ))}
      {error && (
        <p id={errorId} className="field__error" role={announceError ? "alert" : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The child given the control's props; what the child sets itself (its own aria-invalid) wins. */
function renderControl(children: FieldProps["children"], control: FieldControl): ReactNode {
  if (typeof children === "function") return children(control);
  if (!isValidElement(children)) return children;
  const own = children.props;
  return cloneElement(children, {
    ...control,
    "aria-invalid": own["aria-invalid"] ?? control["aria-invalid"],
  });
}
