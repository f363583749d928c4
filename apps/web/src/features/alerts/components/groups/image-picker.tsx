import { useEffect, useId, useRef, useState } from "react";
import { FieldLabel } from "@/components/forms";
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
  const id = useId();
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
    <div className="field image-picker">
      <FieldLabel htmlFor={`${id}-file`}>Group image</FieldLabel>
      <div className="image-picker__row">
        <div className="image-picker__preview">
          {preview ? (
            <img src={preview} alt={`Preview of ${file?.name ?? "the new image"}`} />
          ) : (
            <GroupImage src={currentUrl} name={name || "New group"} size="large" />
          )}
        </div>
        <div className="image-picker__controls">
          <input
            ref={input}
            id={`${id}-file`}
            className="input"
            type="file"
            accept={GROUP_IMAGE_TYPES}
            disabled={disabled}
            aria-describedby={`${id}-hint`}
            onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          />
          <span id={`${id}-hint`} className="field__hint">
            PNG, JPEG or WebP. {currentUrl ? "Choose a file to replace the current image." : "Optional."}
          </span>
          {file && (
            <Button variant="ghost" size="sm" onClick={clear} disabled={disabled}>
              Remove chosen image
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
