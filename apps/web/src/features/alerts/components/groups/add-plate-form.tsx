import { MESSAGES, US_STATES, ZGroupPlateFields } from "@odin/contract";
import { useRef, useState, type FormEvent } from "react";
import { Field, Input, Select, TextArea, PlateInput, Options } from "@/components/forms";
import { binder, merging } from "@/lib/forms/bind";
import { maxLengthOf } from "@/lib/forms/limits";
import { Button } from "@/components/ui";
import type { NewPlate } from "../../api/groups";

/** What an attachment may be (001 §2: pdf or image); the server checks the bytes themselves. */
export const ATTACHMENT_TYPES = ["application/pdf", "image/png", "image/jpeg", "image/webp"] as const;
export const ATTACHMENT_TYPE_MESSAGE = "An attachment must be a PDF or a PNG, JPEG or WebP image.";

/** The contract's limits for a plate added in the edit form. */
const PLATE_LIMITS = {
  number: maxLengthOf(ZGroupPlateFields.shape.number),
  reason: maxLengthOf(ZGroupPlateFields.shape.reason),
  notes: maxLengthOf(ZGroupPlateFields.shape.notes),
};

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.abbreviation, label: state.name }));

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
  const numberInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [fields, setFields] = useState(EMPTY);
  const [attachment, setAttachment] = useState<File | null>(null);
  // The one refusal shown, under the field it is about.
  const [error, setError] = useState<{ field: "number" | "attachment"; message: string } | null>(null);
  const errorOf = (field: "number" | "attachment") => (error?.field === field ? error.message : undefined);
  const bind = binder(fields, merging(setFields));

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const number = fields.number.trim().toUpperCase();
    if (number === "") {
      setError({ field: "number", message: MESSAGES.plateNumberRequired });
      numberInput.current?.focus();
      return;
    }
    if (attachment && !(ATTACHMENT_TYPES as readonly string[]).includes(attachment.type)) {
      setError({ field: "attachment", message: ATTACHMENT_TYPE_MESSAGE });
      return;
    }
    const refused = refusal?.({ number, state: fields.state });
    if (refused) {
      setError({ field: "number", message: refused });
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
        <Field label="Plate number" name="number" required error={errorOf("number")} announceError>
          <PlateInput
            ref={numberInput}
            className="add-plate__number"
            {...bind("number")}
            maxLength={PLATE_LIMITS.number}
            disabled={disabled}
          />
        </Field>
        <Field label="State" name="state">
          <Select {...bind("state")} disabled={disabled}>
            <option value="">Select a state</option>
            <Options options={STATE_OPTIONS} />
          </Select>
        </Field>
        <Field label="Match" name="match" hint={MATCH_STRATEGY_HINT}>
          <Select
            value={fields.matchStrategy}
            disabled={disabled}
            onValue={(matchStrategy) => setFields({ ...fields, matchStrategy })}
          >
            <option value="exact">Exact</option>
            <option value="lenient">Lenient</option>
          </Select>
        </Field>
        <Field label="Reason" name="reason">
          <Input {...bind("reason")} maxLength={PLATE_LIMITS.reason} disabled={disabled} />
        </Field>
      </div>
      <div className="form-row">
        <Field label="Notes (optional)" name="notes">
          <TextArea
            className="add-plate__notes"
            {...bind("notes")}
            maxLength={PLATE_LIMITS.notes}
            disabled={disabled}
          />
        </Field>
        <Field
          label="Attachment (PDF or image, optional)"
          name="attachment"
          error={errorOf("attachment")}
          announceError
        >
          <Input
            ref={fileInput}
            type="file"
            accept={ATTACHMENT_TYPES.join(",")}
            disabled={disabled}
            onChange={(event) => setAttachment(event.target.files?.[0] ?? null)}
          />
        </Field>
      </div>
      <Button type="submit" variant="secondary" disabled={disabled}>
        Add Plate
      </Button>
    </form>
  );
}
