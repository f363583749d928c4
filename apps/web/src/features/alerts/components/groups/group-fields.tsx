import { MESSAGES, ZGroupFormFields } from "@odin/contract";
import { useRef, useState, type Ref } from "react";
import { Field, Input, TextArea } from "@/components/forms";
import { binder } from "@/lib/forms/bind";
import { maxLengthOf } from "@/lib/forms/limits";
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

const GROUP_LIMITS = {
  name: maxLengthOf(ZGroupFormFields.shape.group_name),
  description: maxLengthOf(ZGroupFormFields.shape.group_description),
};

/** Name (required), description and image: the fields create and edit group share (001 §2). */
export function GroupFields(props: GroupFieldsProps) {
  const { values, onChange, nameError, currentImageUrl, disabled, nameRef } = props;
  const bind = binder(values, (change) => onChange({ ...values, ...change }));
  return (
    <>
      <Field label="Group name" name="name" required error={nameError}>
        <Input ref={nameRef} {...bind("name")} maxLength={GROUP_LIMITS.name} required disabled={disabled} />
      </Field>
      <Field label="Description" name="description">
        <TextArea {...bind("description")} maxLength={GROUP_LIMITS.description} disabled={disabled} />
      </Field>
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
