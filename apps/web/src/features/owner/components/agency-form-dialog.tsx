import {
  AGENCY_DEFAULT_TIME_ZONE,
  MESSAGES,
  ZAgencyCreateRequest,
  type TAgencyChangeResponse,
  type TManagedAgency,
} from "@odin/contract";
import { useId, useMemo, useState, type FormEvent } from "react";
import { FailureNotice, FieldError, FieldLabel } from "@/components/forms";
import { Button, Modal } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { errorReason } from "@/lib/error-reason";
import { createAgency, updateAgency } from "../api/agencies";

type Field = "name" | "code" | "time_zone" | "retention_days";
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

/** Every IANA zone the browser knows, with the agency's own first kept even if this browser lacks it. */
function zoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes(current) ? zones : [current, ...zones];
}

const valuesOf = (agency: TManagedAgency | null): Values => ({
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
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(agency));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const zones = useMemo(() => zoneOptions(values.time_zone), [values.time_zone]);
  const title = agency ? `Edit ${agency.name}` : "Add agency";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZAgencyCreateRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message])),
      );
      return;
    }
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      onSaved(agency ? await updateAgency(agency.id, parsed.data) : await createAgency(parsed.data));
    } catch (error) {
      // A taken name or code (409) and a refused field (400) name their field: show it there.
      const fieldErrors = isApiError(error)
        ? Object.fromEntries(error.details.map((issue) => [issue.path, issue.message]))
        : {};
      setErrors(fieldErrors);
      setFailure(errorReason(error) ?? MESSAGES.anErrorOccurred);
      setSaving(false);
    }
  };

  const control = (field: Field) => ({
    id: `${id}-${field}`,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      // A corrected field stops saying what was wrong with it.
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby":
      [field === "retention_days" ? `${id}-retention-hint` : "", errors[field] ? `${id}-${field}-error` : ""]
        .filter(Boolean)
        .join(" ") || undefined,
    disabled: saving,
  });
  const error = (field: Field) => <FieldError id={`${id}-${field}-error`} message={errors[field]} />;

  return (
    <Modal open title={title} onClose={onClose} dismissible={!saving}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <FieldLabel htmlFor={`${id}-name`} required>
            Agency name
          </FieldLabel>
          <input {...control("name")} className="input" autoComplete="off" required />
          {error("name")}
        </div>
        <div className="form-row">
          <div className="field">
            <FieldLabel htmlFor={`${id}-code`} required>
              Code
            </FieldLabel>
            <input
              {...control("code")}
              className="input"
              autoComplete="off"
              maxLength={10}
              placeholder="HPD"
              required
            />
            {error("code")}
          </div>
          <div className="field">
            <FieldLabel htmlFor={`${id}-time_zone`} required>
              Time zone
            </FieldLabel>
            <select {...control("time_zone")} className="select">
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </select>
            {error("time_zone")}
          </div>
        </div>
        <div className="field">
          <FieldLabel htmlFor={`${id}-retention_days`}>Retention of RAVEN reads (days)</FieldLabel>
          <input {...control("retention_days")} className="input" inputMode="numeric" />
          <span id={`${id}-retention-hint`} className="field__hint">
            Empty: the installation&apos;s default of {defaultRetentionDays} days.
          </span>
          {error("retention_days")}
        </div>
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
