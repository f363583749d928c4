import {
  AGENCY_DEFAULT_TIME_ZONE,
  MESSAGES,
  ZAgencyCreateRequest,
  type TAgencyChangeResponse,
  type TManagedAgency,
} from "@odin/contract";
import { useMemo, useState } from "react";
import { FailureNotice, Field, Input, Select } from "@/components/forms";
import { Button, Modal } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { errorReason } from "@/lib/error-reason";
import { useContractForm } from "@/lib/forms/contract-form";
import { maxLengthOf } from "@/lib/forms/limits";
import { createAgency, updateAgency } from "../api/agencies";

/** The form's fields, by the names the API's errors give them. */
const FIELD_NAMES = { name: true, code: true, time_zone: true, retention_days: true } as const;
type FieldName = keyof typeof FIELD_NAMES;

/** The longest code the contract takes (ZAgencyCode's `.max()`). */
const AGENCY_CODE_MAX = maxLengthOf(ZAgencyCreateRequest.shape.code);

/** Every IANA zone the browser knows, with the agency's own first kept even if this browser lacks it. */
function zoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes(current) ? zones : [current, ...zones];
}

const valuesOf = (agency: TManagedAgency | null) => ({
  name: agency?.name ?? "",
  code: agency?.code ?? "",
  time_zone: agency?.time_zone ?? AGENCY_DEFAULT_TIME_ZONE,
  retention_days: agency?.retention_days?.toString() ?? "",
});

export interface AgencyFormDialogProps {
  /** The agency to edit; null adds a new one. */
  agency: TManagedAgency | null;
  defaultRetentionDays: number;
  onSaved: (reply: TAgencyChangeResponse) => void;
  onClose: () => void;
}

/** Add agency / Edit agency: name, code, time zone and retention, checked as the server checks them. */
export function AgencyFormDialog({ agency, defaultRetentionDays, onSaved, onClose }: AgencyFormDialogProps) {
  const form = useContractForm(ZAgencyCreateRequest, valuesOf(agency));
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const timeZone = form.watch("time_zone") ?? AGENCY_DEFAULT_TIME_ZONE;
  const zones = useMemo(() => zoneOptions(timeZone), [timeZone]);
  const title = agency ? `Edit ${agency.name}` : "Add agency";

  // The contract's schema has checked the fields (each error under its field) before this runs.
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    setSaving(true);
    try {
      onSaved(agency ? await updateAgency(agency.id, body) : await createAgency(body));
    } catch (error) {
      // A taken name or code (409) and a refused field (400) name their field: show it there.
      for (const issue of isApiError(error) ? error.details : []) {
        if (issue.path in FIELD_NAMES) form.setError(issue.path as FieldName, { message: issue.message });
      }
      setFailure(errorReason(error) ?? MESSAGES.anErrorOccurred);
      setSaving(false);
    }
  });

  return (
    <Modal open title={title} onClose={onClose} dismissible={!saving}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Agency name" name="name" required error={errors.name?.message}>
          <Input {...form.register("name")} autoComplete="off" required disabled={saving} />
        </Field>
        <div className="form-row">
          <Field label="Code" name="code" required error={errors.code?.message}>
            <Input
              {...form.register("code")}
              autoComplete="off"
              maxLength={AGENCY_CODE_MAX}
              placeholder="HPD"
              required
              disabled={saving}
            />
          </Field>
          <Field label="Time zone" name="time_zone" required error={errors.time_zone?.message}>
            <Select {...form.register("time_zone")} disabled={saving}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field
          label="Retention of RAVEN reads (days)"
          name="retention_days"
          hint={`Empty: the installation's default of ${defaultRetentionDays} days.`}
          error={errors.retention_days?.message}
        >
          <Input {...form.register("retention_days")} inputMode="numeric" disabled={saving} />
        </Field>
        {failure && <FailureNotice message={failure} details={[]} />}
        <div className="form-actions">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {MESSAGES.cancel}
          </Button>
          <Button type="submit" busy={saving}>
            {saving ? MESSAGES.saving : agency ? MESSAGES.saveChanges : "Add agency"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
