import {
  MESSAGES,
  US_STATES,
  ZHotlistAddRequest,
  type THotlistAddRequestInput,
  type TSearchResult,
} from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Field, Input, Select, TextArea } from "@/components/forms";
import { Button, Modal, Notice, PlateLabel } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { errorReason } from "@/lib/error-reason";
import { maxLengthOf } from "@/lib/forms/limits";
import { addPlateToHotlist, hotlistGroupsQuery } from "../api/add-plate-to-hotlist";

const HOTLIST_LIMITS = {
  reason: maxLengthOf(ZHotlistAddRequest.shape.reason),
  notes: maxLengthOf(ZHotlistAddRequest.shape.notes),
};

export interface AddToHotlistModalProps {
  /** The result whose plate is added; null keeps the modal closed. */
  result: TSearchResult | null;
  onClose: () => void;
  /** Called with the success message ("Successfully added '{plate}' to '{group}'") once saved. */
  onAdded: (message: string) => void;
}

/** 'Add Plate to Hotlist' (000 §2): idle, saving, then closed on success; open with an error on failure. */
export function AddToHotlistModal({ result, onClose, onAdded }: AddToHotlistModalProps) {
  if (!result) return null;
  return (
    <Modal open title={MESSAGES.addPlateToHotlist} onClose={onClose}>
      <HotlistForm key={result.id} result={result} onAdded={onAdded} />
    </Modal>
  );
}

/** The result's state as one of the 50 (by abbreviation or name), or as it was read when it is another. */
function initialState(plateState: string | null | undefined): string {
  const value = plateState?.trim() ?? "";
  const known = US_STATES.find(
    (state) => state.abbreviation === value.toUpperCase() || state.name.toLowerCase() === value.toLowerCase(),
  );
  return known?.abbreviation ?? value;
}

function HotlistForm({ result, onAdded }: { result: TSearchResult; onAdded: (message: string) => void }) {
  const groups = useQuery(hotlistGroupsQuery());
  const [groupId, setGroupId] = useState("");
  const [reason, setReason] = useState("");
  const [state, setState] = useState(() => initialState(result.plate_state));
  const [notes, setNotes] = useState("");
  const [saving, setSaving] = useState(false);
  // The contract's refusal of the fields ("invalid": goes as soon as they change) or the call's failure.
  const [error, setError] = useState<{ kind: "invalid" | "failed"; message: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload: THotlistAddRequestInput = {
      plate_number: result.plate,
      reason: reason.trim(),
      state,
      notes,
      group_id: groupId === "" ? "" : Number(groupId),
    };
    // The contract's own rules, checked before any call: a group and a non-blank reason (000 §5).
    const checked = ZHotlistAddRequest.safeParse(payload);
    if (!checked.success) {
      setError({
        kind: "invalid",
        message: checked.error.issues[0]?.message ?? MESSAGES.selectGroupAndReason,
      });
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await addPlateToHotlist(payload);
      const group = groups.data?.find((g) => g.id === Number(groupId));
      onAdded(MESSAGES.addedPlateToHotlist(checked.data.plate_number, group?.name || MESSAGES.unknownGroup));
    } catch (failure) {
      // Odin's own message (a 409's, a 400's); a bare status such as an empty 500 gets the spec's fallback.
      setError({
        kind: "failed",
        message:
          (isApiError(failure) && failure.status > 0 && errorReason(failure)) ||
          MESSAGES.failedToAddPlateToHotlist,
      });
      setSaving(false);
    }
  };

  // The validation message goes as soon as the person fixes either field (as the search form's does).
  const clearValidation = () => setError((current) => (current?.kind === "invalid" ? null : current));

  const otherState = state !== "" && !US_STATES.some((known) => known.abbreviation === state);
  return (
    <form className="hotlist-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="hotlist-form__plate">
        <PlateLabel plate={result.plate || MESSAGES.notAvailable} />
      </p>
      {groups.isError && <Notice tone="danger">{MESSAGES.failedToLoadGroups}</Notice>}
      <Field label="Hotlist Group" name="group_id">
        <Select
          value={groupId}
          onChange={(event) => {
            setGroupId(event.target.value);
            clearValidation();
          }}
          disabled={saving}
          aria-busy={groups.isPending || undefined}
        >
          <option value="">{MESSAGES.selectGroupPlaceholder}</option>
          {groups.data?.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={MESSAGES.reasonRequiredLabel} name="reason">
        <Input
          value={reason}
          maxLength={HOTLIST_LIMITS.reason}
          onChange={(event) => {
            setReason(event.target.value);
            clearValidation();
          }}
          disabled={saving}
        />
      </Field>
      <Field label={MESSAGES.plateStateOptionalLabel} name="state">
        <Select value={state} onValue={setState} disabled={saving}>
          <option value="">No state</option>
          {otherState && <option value={state}>{state} (as read)</option>}
          {US_STATES.map((known) => (
            <option key={known.abbreviation} value={known.abbreviation}>
              {known.abbreviation} — {known.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={MESSAGES.notesOptionalLabel} name="notes">
        <TextArea
          rows={3}
          maxLength={HOTLIST_LIMITS.notes}
          value={notes}
          onValue={setNotes}
          disabled={saving}
        />
      </Field>
      {error && <Notice tone="danger">{error.message}</Notice>}
      <div className="form-actions">
        <Button type="submit" busy={saving}>
          {saving ? MESSAGES.saving : "Save"}
        </Button>
      </div>
    </form>
  );
}
