import {
  MESSAGES,
  US_STATES,
  ZHotlistAddRequest,
  type THotlistAddRequest,
  type THotlistAddRequestInput,
  type TSearchResult,
} from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Field, Input, RefusalNotice, Select, TextArea, useRefusal } from "@/components/forms";
import { Button, Modal, Notice, PlateLabel } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { errorReason } from "@/lib/error-reason";
import { useCheckedForm } from "@/lib/forms/checked-form";
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

interface HotlistValues {
  group_id: string;
  reason: string;
  state: string;
  notes: string;
}

function HotlistForm({ result, onAdded }: { result: TSearchResult; onAdded: (message: string) => void }) {
  const groups = useQuery(hotlistGroupsQuery());
  // What is sent (000 §7): the spec's five fields as entered, the reason trimmed.
  const payloadOf = (values: HotlistValues): THotlistAddRequestInput => ({
    plate_number: result.plate,
    reason: values.reason.trim(),
    state: values.state,
    notes: values.notes,
    group_id: values.group_id === "" ? "" : Number(values.group_id),
  });
  const form = useCheckedForm<HotlistValues, THotlistAddRequest>(
    ZHotlistAddRequest,
    { group_id: "", reason: "", state: initialState(result.plate_state), notes: "" },
    {
      toInput: payloadOf,
      // The spec's one sentence for a group and a reason goes as soon as the person changes either.
      errorsGoTogether: true,
    },
  );
  const refusal = useRefusal(form.formState.errors);
  const state = form.watch("state");
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.submit(async (body) => {
    setFailure(null);
    setSaving(true);
    try {
      await addPlateToHotlist(payloadOf(form.getValues()));
      const group = groups.data?.find((g) => g.id === body.group_id);
      onAdded(MESSAGES.addedPlateToHotlist(body.plate_number, group?.name || MESSAGES.unknownGroup));
    } catch (failure) {
      // Odin's own message (a 409's, a 400's); a bare status such as an empty 500 gets the spec's fallback.
      setFailure(
        (isApiError(failure) && failure.status > 0 && errorReason(failure)) ||
          MESSAGES.failedToAddPlateToHotlist,
      );
      setSaving(false);
    }
  });

  const otherState = state !== "" && !US_STATES.some((known) => known.abbreviation === state);
  return (
    <form className="hotlist-form" noValidate onSubmit={submit}>
      <p className="hotlist-form__plate">
        <PlateLabel plate={result.plate || MESSAGES.notAvailable} />
      </p>
      {groups.isError && <Notice tone="danger">{MESSAGES.failedToLoadGroups}</Notice>}
      <Field label="Hotlist Group" name="group_id" {...refusal.field("group_id")}>
        <Select {...form.register("group_id")} disabled={saving} aria-busy={groups.isPending || undefined}>
          <option value="">{MESSAGES.selectGroupPlaceholder}</option>
          {groups.data?.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={MESSAGES.reasonRequiredLabel} name="reason" {...refusal.field("reason")}>
        <Input {...form.register("reason")} maxLength={HOTLIST_LIMITS.reason} disabled={saving} />
      </Field>
      <Field label={MESSAGES.plateStateOptionalLabel} name="state">
        <Select {...form.register("state")} disabled={saving}>
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
        <TextArea {...form.register("notes")} rows={3} maxLength={HOTLIST_LIMITS.notes} disabled={saving} />
      </Field>
      <RefusalNotice {...refusal.notice} />
      {failure && <Notice tone="danger">{failure}</Notice>}
      <div className="form-actions">
        <Button type="submit" busy={saving}>
          {saving ? MESSAGES.saving : "Save"}
        </Button>
      </div>
    </form>
  );
}
