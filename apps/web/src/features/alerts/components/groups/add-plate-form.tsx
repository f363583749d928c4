import { MESSAGES, US_STATES } from "@odin/contract";
import { useId, useRef, useState, type FormEvent } from "react";
import { FieldLabel } from "@/components/forms";
import { Button } from "@/components/ui";
import type { NewPlate } from "../../api/groups";

/** What an attachment may be (001 §2: pdf or image); the server checks the bytes themselves. */
export const ATTACHMENT_TYPES = ["application/pdf", "image/png", "image/jpeg", "image/webp"] as const;
export const ATTACHMENT_TYPE_MESSAGE = "An attachment must be a PDF or a PNG, JPEG or WebP image.";

const EMPTY = { number: "", state: "", reason: "", notes: "", matchStrategy: "exact" };
let nextKey = 0;

/** What the Match choice means (issue 19), under the select. */
export const MATCH_STRATEGY_HINT =
  "Lenient also alerts on look-alike readings (0 for O, 8 for B) and on the camera's other candidate readings.";

/**
 * Add plate (001 §2, §5): number, state (the 50 US states), reason, notes, attachment. The plate is
 * only kept in the page (onAdd) until Save Changes; a plate number is all it needs.
 */
export function AddPlateForm({
  onAdd,
  refusal,
  disabled = false,
}: {
  onAdd: (plate: NewPlate) => void;
  /** Why this plate cannot be added (already on the list: issue 17), or null. */
  refusal?: (plate: { number: string; state: string }) => string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const numberInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [fields, setFields] = useState(EMPTY);
  const [attachment, setAttachment] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const set = (name: Exclude<keyof typeof EMPTY, "matchStrategy">) => (value: string) =>
    setFields({ ...fields, [name]: value });

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const number = fields.number.trim().toUpperCase();
    if (number === "") {
      setError(MESSAGES.plateNumberRequired);
      numberInput.current?.focus();
      return;
    }
    if (attachment && !(ATTACHMENT_TYPES as readonly string[]).includes(attachment.type)) {
      setError(ATTACHMENT_TYPE_MESSAGE);
      return;
    }
    const refused = refusal?.({ number, state: fields.state });
    if (refused) {
      setError(refused);
      numberInput.current?.focus();
      return;
    }
    const matchStrategy = fields.matchStrategy === "lenient" ? "lenient" : "exact";
    onAdd({ key: `new-${nextKey++}`, ...fields, number, matchStrategy, attachment });
    setFields(EMPTY);
    setAttachment(null);
    setError(null);
    if (fileInput.current) fileInput.current.value = "";
    numberInput.current?.focus();
  };

  return (
    <form className="add-plate" aria-label="Add plate" onSubmit={add} noValidate>
      <div className="form-row">
        <div className="field">
          <FieldLabel htmlFor={`${id}-number`} required>
            Plate number
          </FieldLabel>
          <input
            ref={numberInput}
            id={`${id}-number`}
            className="input plate add-plate__number"
            value={fields.number}
            maxLength={20}
            autoComplete="off"
            disabled={disabled}
            aria-invalid={error === MESSAGES.plateNumberRequired || undefined}
            onChange={(event) => set("number")(event.target.value)}
          />
        </div>
        <div className="field">
          <FieldLabel htmlFor={`${id}-state`}>State</FieldLabel>
          <select
            id={`${id}-state`}
            className="select"
            value={fields.state}
            disabled={disabled}
            onChange={(event) => set("state")(event.target.value)}
          >
            <option value="">Select a state</option>
            {US_STATES.map((state) => (
              <option key={state.abbreviation} value={state.abbreviation}>
                {state.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <FieldLabel htmlFor={`${id}-match`}>Match</FieldLabel>
          <select
            id={`${id}-match`}
            className="select"
            value={fields.matchStrategy}
            disabled={disabled}
            aria-describedby={`${id}-match-hint`}
            onChange={(event) => setFields({ ...fields, matchStrategy: event.target.value })}
          >
            <option value="exact">Exact</option>
            <option value="lenient">Lenient</option>
          </select>
          <p id={`${id}-match-hint`} className="field__hint">
            {MATCH_STRATEGY_HINT}
          </p>
        </div>
        <div className="field">
          <FieldLabel htmlFor={`${id}-reason`}>Reason</FieldLabel>
          <input
            id={`${id}-reason`}
            className="input"
            value={fields.reason}
            maxLength={500}
            disabled={disabled}
            onChange={(event) => set("reason")(event.target.value)}
          />
        </div>
      </div>
      <div className="form-row">
        <div className="field">
          <FieldLabel htmlFor={`${id}-notes`}>Notes (optional)</FieldLabel>
          <textarea
            id={`${id}-notes`}
            className="textarea add-plate__notes"
            value={fields.notes}
            maxLength={2000}
            disabled={disabled}
            onChange={(event) => set("notes")(event.target.value)}
          />
        </div>
        <div className="field">
          <FieldLabel htmlFor={`${id}-file`}>Attachment (PDF or image, optional)</FieldLabel>
          <input
            ref={fileInput}
            id={`${id}-file`}
            className="input"
            type="file"
            accept={ATTACHMENT_TYPES.join(",")}
            disabled={disabled}
            onChange={(event) => setAttachment(event.target.files?.[0] ?? null)}
          />
        </div>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" variant="secondary" disabled={disabled}>
        Add Plate
      </Button>
    </form>
  );
}
