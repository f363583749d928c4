import { useEffect, useRef, useState } from "react";
import { Field, Input } from "@/components/forms";
import { Button } from "@/components/ui";
import { GroupImage } from "./group-image";

/** The picture types the server re-encodes (it checks the bytes; this only guides the file dialog). */
export const GROUP_IMAGE_TYPES = "image/png,image/jpeg,image/webp";

export interface ImagePickerProps {
  /** The new picture, or null. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** The group's current picture (edit), shown until a new one is chosen. */
  currentUrl?: string | null;
  /** The group's name, for the preview's alt text and placeholder. */
  name: string;
  disabled?: boolean;
}

/** The group image with a preview of the chosen file (an object URL, revoked when it changes). */
export function ImagePicker({ file, onChange, currentUrl = null, name, disabled = false }: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const clear = () => {
    if (input.current) input.current.value = "";
    onChange(null);
  };

  return (
    <Field label="Group image" name="group_image" className="image-picker">
      {(control) => (
        <div className="image-picker__row">
          <div className="image-picker__preview">
            {preview ? (
              <img src={preview} alt={`Preview of ${file?.name ?? "the new image"}`} />
            ) : (
              <GroupImage src={currentUrl} name={name || "New group"} size="large" />
            )}
          </div>
          <div className="image-picker__controls">
            {/* The hint sits beside the preview, under the input: described by its id. */}
            <Input
              {...control}
              ref={input}
              type="file"
              accept={GROUP_IMAGE_TYPES}
              disabled={disabled}
              aria-describedby={`${control.id}-hint`}
              onChange={(event) => onChange(event.target.files?.[0] ?? null)}
            />
            <span id={`${control.id}-hint`} className="field__hint">
              PNG, JPEG or WebP. {currentUrl ? "Choose a file to replace the current image." : "Optional."}
            </span>
            {file && (
              <Button variant="ghost" size="sm" onClick={clear} disabled={disabled}>
                Remove chosen image
              </Button>
            )}
          </div>
        </div>
      )}
    </Field>
  );
}
