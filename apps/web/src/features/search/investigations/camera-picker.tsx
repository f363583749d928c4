import type { TSearchCamerasResponse } from "@odin/contract";
import { useState } from "react";
import { Field, Input } from "@/components/forms";
import { Button, Checkbox, Notice, Spinner } from "@/components/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import { queryViewState } from "@/components/layouts/query-view";
import { SOURCE_LABEL } from "../source-notices";

/** Above this many cameras a filter box comes first, so a keyboard user need not Tab through them all. */
const FILTER_FROM = 6;

export interface CameraPickerProps {
  /** GET /search/cameras, loaded once per tab (a tab's places share it). */
  cameras: UseQueryResult<TSearchCamerasResponse>;
  /** The picked cameras' ids ("Axis:hfd-lpv-01"). */
  picked: readonly string[];
  onChange: (picked: string[]) => void;
}

/**
 * Cameras picked from the list (issue 22), instead of or as well as an area: one checkbox per camera
 * the caller may search, so Tab and Space pick them, with a filter when the list is long.
 */
export function CameraPicker({ cameras, picked, onChange }: CameraPickerProps) {
  const [filter, setFilter] = useState("");
  const toggle = (camera: string, on: boolean) =>
    onChange(on ? [...picked, camera] : picked.filter((other) => other !== camera));
  const state = queryViewState(cameras);
  const list = state === "data" ? (cameras.data?.cameras ?? []) : [];
  const words = filter.trim().toLowerCase();
  const shown = words
    ? list.filter((camera) =>
        `${camera.name} ${camera.agency ?? ""} ${SOURCE_LABEL[camera.source_program]}`
          .toLowerCase()
          .includes(words),
      )
    : list;
  return (
    <fieldset className="camera-picker">
      <legend>Cameras</legend>
      {state === "loading" && <Spinner size="sm" label="Loading the cameras…" />}
      {state === "error" && (
        <Notice tone="warning" title="The camera list could not be loaded.">
          Draw an area instead, or{" "}
          <Button variant="secondary" size="sm" onClick={() => void cameras.refetch()}>
            Try again
          </Button>
        </Notice>
      )}
      {state === "data" && list.length === 0 && (
        <p className="field__hint">No camera you may search can be listed: draw an area instead.</p>
      )}
      {list.length > FILTER_FROM && (
        <Field label="Filter the cameras" name="camera_filter">
          <Input type="search" value={filter} autoComplete="off" onValue={setFilter} />
        </Field>
      )}
      {list.length > 0 && (
        <ul className="camera-picker__list" aria-label="Cameras you may search">
          {shown.map((camera) => (
            <li key={camera.id}>
              <Checkbox
                checked={picked.includes(camera.id)}
                onChange={(event) => toggle(camera.id, event.target.checked)}
                label={
                  <>
                    {camera.name}{" "}
                    <span className="camera-picker__where">
                      {SOURCE_LABEL[camera.source_program]}
                      {camera.agency ? `, ${camera.agency}` : ""}
                    </span>
                  </>
                }
              />
            </li>
          ))}
          {shown.length === 0 && <li className="field__hint">No camera matches “{filter.trim()}”.</li>}
        </ul>
      )}
      {list.length > 0 && (
        <p className="field__hint" aria-live="polite">
          {picked.length === 0
            ? "None picked: the area alone decides."
            : `${picked.length} ${picked.length === 1 ? "camera" : "cameras"} picked.`}
        </p>
      )}
      {cameras.data?.notices.map((notice) => (
        <p key={notice.source} className="field__hint">
          {notice.notice}
        </p>
      ))}
    </fieldset>
  );
}
