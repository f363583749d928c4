import { MESSAGES } from "@odin/contract";
import { useId, useRef, useState, type Ref } from "react";
import { FieldLabel } from "@/components/forms";
import type { GroupFormValues } from "../../api/groups";
import { ImagePicker } from "./image-picker";

export interface GroupFieldsProps {
  values: GroupFormValues;
  onChange: (values: GroupFormValues) => void;
  /** MESSAGES.groupNameRequired after a submit without a name. */
  nameError?: string | null;
  currentImageUrl?: string | null;
  disabled?: boolean;
  /** The name input, focused by the screen when the name is missing. */
  nameRef?: Ref<HTMLInputElement>;
}

/** Name (required), description and image: the fields create and edit group share (001 §2). */
export function GroupFields(props: GroupFieldsProps) {
  const { values, onChange, nameError, currentImageUrl, disabled, nameRef } = props;
  const id = useId();
  return (
    <>
      <div className="field">
        <FieldLabel htmlFor={`${id}-name`} required>
          Group name
        </FieldLabel>
        <input
          ref={nameRef}
          id={`${id}-name`}
          className="input"
          value={values.name}
          maxLength={200}
          required
          disabled={disabled}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          onChange={(event) => onChange({ ...values, name: event.target.value })}
        />
        {nameError && (
          <span id={`${id}-name-error`} className="field__error">
            {nameError}
          </span>
        )}
      </div>
      <div className="field">
        <FieldLabel htmlFor={`${id}-description`}>Description</FieldLabel>
        <textarea
          id={`${id}-description`}
          className="textarea"
          value={values.description}
          maxLength={2000}
          disabled={disabled}
          onChange={(event) => onChange({ ...values, description: event.target.value })}
        />
      </div>
      <ImagePicker
        file={values.image}
        name={values.name}
        currentUrl={currentImageUrl}
        disabled={disabled}
        onChange={(image) => onChange({ ...values, image })}
      />
    </>
  );
}

/**
 * The required name as create and edit check it on submit: the message under the field and the focus
 * back on it. `checkName` answers whether the form may be sent.
 */
export function useRequiredName() {
  const nameRef = useRef<HTMLInputElement>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const checkName = (name: string) => {
    const missing = name.trim() === "";
    setNameError(missing ? MESSAGES.groupNameRequired : null);
    if (missing) nameRef.current?.focus();
    return !missing;
  };
  return { nameRef, nameError, checkName };
}
