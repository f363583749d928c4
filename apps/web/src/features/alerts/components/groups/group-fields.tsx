import { useId, type Ref } from "react";
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
        <label className="field__label" htmlFor={`${id}-name`}>
          Group name
          <span className="field__required" aria-hidden="true">
            *
          </span>
        </label>
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
        <label className="field__label" htmlFor={`${id}-description`}>
          Description
        </label>
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
