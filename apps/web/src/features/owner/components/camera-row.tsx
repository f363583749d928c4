import { MESSAGES, type TAgency, type TRekorCamera } from "@odin/contract";
import { useState } from "react";
import { Options } from "@/components/forms";
import { Button } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { formatTimestamp } from "@/lib/format";
import { updateCamera } from "../api/cameras";
import {
  checkCameraDraft,
  draftOf,
  isDraftChanged,
  type CameraDraft,
  type CameraDraftErrors,
} from "../camera-draft";
import { LocationPicker, pickedCoordinate } from "./location-picker";

/** The position the camera reports, as the table shows it beside the correction. */
export function reportedText(camera: Pick<TRekorCamera, "reported_latitude" | "reported_longitude">) {
  const { reported_latitude: lat, reported_longitude: lon } = camera;
  return lat === null || lat === undefined || lon === null || lon === undefined
    ? "Not reported"
    : `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
}

type RowState =
  | { status: "idle" }
  | { status: "saving" }
  | { status: "saved" }
  | { status: "failed"; reason: string | undefined };

/**
 * One Rekor camera with its corrected location, agency and manual flag, saved on its own with
 * PATCH /rekor-cameras/{cameraId} (001 §2, §7); 'Save failed.' when the server refuses.
 */
export function CameraRow({ initial, agencies }: { initial: TRekorCamera; agencies: TAgency[] }) {
  const [camera, setCamera] = useState(initial);
  const [draft, setDraft] = useState<CameraDraft>(() => draftOf(initial));
  const [errors, setErrors] = useState<CameraDraftErrors>({});
  const [state, setState] = useState<RowState>({ status: "idle" });
  const [picking, setPicking] = useState(false);
  const saving = state.status === "saving";
  const label = camera.camera_name ?? `camera ${camera.camera_id}`;
  const errorId = (field: keyof CameraDraftErrors) => `camera-${camera.camera_id}-${field}-error`;

  const edit = (change: Partial<CameraDraft>) => {
    setDraft((current) => ({ ...current, ...change }));
    if (state.status !== "saving") setState({ status: "idle" });
  };

  const save = async () => {
    const checked = checkCameraDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setState({ status: "saving" });
    try {
      const saved = await updateCamera(camera.camera_id, checked.update);
      setCamera(saved);
      setDraft(draftOf(saved));
      setState({ status: "saved" });
    } catch (error) {
      setState({ status: "failed", reason: errorReason(error) });
    }
  };

  const coordinate = (field: "latitude" | "longitude", text: string) => (
    <td>
      <input
        className="input camera-table__coordinate"
        inputMode="decimal"
        value={draft[field]}
        // A location a person sets is manual: the camera's own reports must not overwrite it.
        onChange={(event) => edit({ [field]: event.target.value, isManual: true })}
        aria-label={`Corrected ${field} of ${label}`}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? errorId(field) : undefined}
        placeholder={text}
        disabled={saving}
      />
      {errors[field] && (
        <p id={errorId(field)} className="field__error">
          {errors[field]}
        </p>
      )}
    </td>
  );

  return (
    <tr>
      <td className="camera-table__id">{camera.camera_id}</td>
      <td>{camera.camera_name ?? "—"}</td>
      <td>{camera.site_name ?? "—"}</td>
      <td className="camera-table__reported">{reportedText(camera)}</td>
      {coordinate("latitude", "-90 to 90")}
      {coordinate("longitude", "-180 to 180")}
      <td>
        <Button
          variant="secondary"
          size="sm"
          disabled={saving}
          aria-label={`Pick the location of ${label} on a map`}
          onClick={() => setPicking(true)}
        >
          Map
        </Button>
        {picking && (
          <LocationPicker
            open
            label={label}
            start={{
              latitude: draft.latitude.trim() === "" ? null : Number(draft.latitude),
              longitude: draft.longitude.trim() === "" ? null : Number(draft.longitude),
            }}
            reported={{
              latitude: camera.reported_latitude ?? null,
              longitude: camera.reported_longitude ?? null,
            }}
            onPick={(latitude, longitude) => {
              edit({
                latitude: pickedCoordinate(latitude),
                longitude: pickedCoordinate(longitude),
                isManual: true,
              });
              setPicking(false);
            }}
            onClose={() => setPicking(false)}
          />
        )}
      </td>
      <td>
        <select
          className="select"
          value={draft.agencyId}
          onChange={(event) => edit({ agencyId: event.target.value })}
          aria-label={`Agency of ${label}`}
          disabled={saving}
        >
          <option value="">No agency</option>
          <Options options={agencies.map((agency) => ({ value: agency.id, label: agency.name }))} />
        </select>
      </td>
      <td className="camera-table__manual">
        <input
          type="checkbox"
          checked={draft.isManual}
          onChange={(event) => edit({ isManual: event.target.checked })}
          aria-label={`Manual location for ${label}`}
          disabled={saving}
        />
      </td>
      <td className="camera-table__last-read">
        {camera.last_read_at ? formatTimestamp(camera.last_read_at) : "No reads yet"}
      </td>
      <td>
        <div className="camera-table__save">
          <Button
            size="sm"
            busy={saving}
            disabled={!isDraftChanged(draft, camera)}
            aria-label={`Save ${label}`}
            onClick={() => void save()}
          >
            {saving ? MESSAGES.saving : "Save"}
          </Button>
          <span role="status" className="camera-table__status">
            {state.status === "saved" && "Saved"}
          </span>
          {state.status === "failed" && (
            <span role="alert" className="field__error">
              {MESSAGES.saveFailed}
              {state.reason && ` ${state.reason}`}
            </span>
          )}
        </div>
      </td>
    </tr>
  );
}
