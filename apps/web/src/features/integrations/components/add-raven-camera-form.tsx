import {
  MESSAGES,
  ZCreateAxisIntegrationRequest,
  type TAgency,
  type TAxisIngestCredentials,
} from "@odin/contract";
import { useState } from "react";
import { useCurrentUser } from "@/lib/auth/current-user";
import { Field, Input, Options, Select } from "@/components/forms";
import { useCheckedForm } from "@/lib/forms/checked-form";
import { maxLengthOf } from "@/lib/forms/limits";
import { Button, Card, Checkbox, Notice } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { createAxisIntegration } from "../api/axis-integrations";

type SubmitState =
  { status: "idle" } | { status: "saving" } | { status: "failed"; reason: string | undefined };

/** The contract's length limits of the text fields (the position's fields are numbers). */
const CAMERA_LIMITS: Partial<Record<keyof typeof EMPTY, number>> = {
  name: maxLengthOf(ZCreateAxisIntegrationRequest.shape.name),
  identifier: maxLengthOf(ZCreateAxisIntegrationRequest.shape.identifier),
};

const EMPTY = { name: "", identifier: "", latitude: "", longitude: "", agency_id: "" };
type CameraValues = typeof EMPTY;

/** A number field's value: blank is none. */
const number = (value: string) => (value.trim() === "" ? null : Number(value));

/** Add a RAVEN camera: name, identifier (unique across Odin), optional fixed position, sharing. */
export function AddRavenCameraForm({
  agencies,
  onCreated,
}: {
  agencies: TAgency[];
  onCreated: (credentials: TAxisIngestCredentials) => void;
}) {
  const isOwner = useCurrentUser()?.is_owner === true;
  const [shared, setShared] = useState<number[]>([]);
  const form = useCheckedForm(ZCreateAxisIntegrationRequest, EMPTY, {
    toInput: (values: CameraValues) => ({
      name: values.name,
      identifier: values.identifier,
      latitude: number(values.latitude),
      longitude: number(values.longitude),
      shared_with: shared.filter((agencyId) => String(agencyId) !== values.agency_id),
      ...(isOwner && values.agency_id ? { agency_id: Number(values.agency_id) } : {}),
    }),
  });
  const { errors } = form.formState;
  const [state, setState] = useState<SubmitState>({ status: "idle" });
  const saving = state.status === "saving";
  const agencyId = form.watch("agency_id");
  const sharable = agencies.filter((agency) => String(agency.id) !== agencyId);

  const submit = form.submit(async (body) => {
    setState({ status: "saving" });
    try {
      const credentials = await createAxisIntegration(body);
      form.reset();
      setShared([]);
      setState({ status: "idle" });
      onCreated(credentials);
    } catch (error) {
      setState({ status: "failed", reason: errorReason(error) });
    }
  });

  const text = (
    field: Exclude<keyof CameraValues, "agency_id">,
    label: string,
    options: { required?: boolean; hint?: string } = {},
  ) => (
    <Field
      label={label}
      name={field}
      required={options.required}
      hint={options.hint}
      error={errors[field]?.message}
    >
      <Input
        {...form.register(field)}
        maxLength={CAMERA_LIMITS[field]}
        autoComplete="off"
        spellCheck={false}
        disabled={saving}
        inputMode={field === "latitude" || field === "longitude" ? "decimal" : undefined}
      />
    </Field>
  );

  return (
    <Card title="Add a RAVEN camera">
      <form onSubmit={submit} noValidate>
        {isOwner && (
          <Field label="Agency" name="agency_id" required error={errors.agency_id?.message}>
            <Select {...form.register("agency_id")}>
              <option value="">Choose the camera&apos;s agency</option>
              <Options options={agencies.map((agency) => ({ value: agency.id, label: agency.name }))} />
            </Select>
          </Field>
        )}
        {text("name", "Name", {
          required: true,
          hint: "Shown as the camera of its reads, e.g. Main St northbound.",
        })}
        {text("identifier", "Identifier", {
          required: true,
          hint: "Part of the push URL and unique across Odin, e.g. hfd-main-nb. It cannot be changed or reused.",
        })}
        <div className="admin-grid admin-grid--tight">
          {text("latitude", "Latitude", { hint: "Optional fixed position, for reads without GPS." })}
          {text("longitude", "Longitude")}
        </div>
        {sharable.length > 0 && (
          <fieldset className="field" disabled={saving}>
            <legend className="field__label">Shared with</legend>
            <span className="field__hint">
              Agencies whose users may also search this camera&apos;s reads.
            </span>
            {sharable.map((agency) => (
              <Checkbox
                key={agency.id}
                label={agency.name}
                checked={shared.includes(agency.id)}
                onChange={(event) =>
                  setShared((current) =>
                    event.target.checked
                      ? [...current, agency.id]
                      : current.filter((item) => item !== agency.id),
                  )
                }
              />
            ))}
          </fieldset>
        )}
        {state.status === "failed" && (
          <Notice tone="danger" title="The camera was not added.">
            {state.reason && <p>{state.reason}</p>}
          </Notice>
        )}
        <div className="form-actions">
          <Button type="submit" busy={saving}>
            {saving ? MESSAGES.saving : "Add camera"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
