import type { TSearchCamerasResponse } from "@odin/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { AreaMap, emptyDrawing, toArea, type Drawing } from "./area-map";
import { CameraPicker } from "./camera-picker";
import { DrawControls } from "./draw-controls";
import { isoOf, lastHours, WindowFields, type Window } from "./investigation-form";

/** A place and its time window (issue 22): an area drawn on the map, cameras picked from the list, or both. */
export interface PlaceValue {
  window: Window;
  drawing: Drawing;
  cameras: string[];
}

export const emptyPlace = (hours: number): PlaceValue => ({
  window: lastHours(hours),
  drawing: emptyDrawing(),
  cameras: [],
});

export const placeChosen = (place: PlaceValue) => toArea(place.drawing) !== null || place.cameras.length > 0;

export const PLACE_MISSING = "Draw an area on the map or pick at least one camera.";

/** The place as the API asks for it (what is not chosen is left out). */
export function toPlaceRequest(place: PlaceValue) {
  const area = toArea(place.drawing);
  return {
    start_time: isoOf(place.window.start),
    end_time: isoOf(place.window.end),
    ...(area ? { area } : {}),
    ...(place.cameras.length ? { cameras: place.cameras } : {}),
  };
}

/**
 * Where a place search looked, in words for the results' header (issue 40 item 3): "within 500 m of
 * 41.76580, -72.67340", "in a drawn area of 5 corners", "at Main St at Pratt St and 2 more cameras", or
 * both an area and cameras. `names` gives a camera's name from its id.
 */
export function describePlace(place: PlaceValue, names: (id: string) => string = (id) => id): string {
  const area = toArea(place.drawing);
  const parts: string[] = [];
  if (area?.type === "Point") {
    const [lon, lat] = area.coordinates;
    parts.push(`within ${area.radius_m.toLocaleString()} m of ${lat.toFixed(5)}, ${lon.toFixed(5)}`);
  } else if (area) parts.push(`in a drawn area of ${area.coordinates[0]!.length} corners`);
  if (place.cameras.length) {
    const [first, ...rest] = place.cameras;
    parts.push(
      `at ${names(first!)}${rest.length ? ` and ${rest.length} more camera${rest.length === 1 ? "" : "s"}` : ""}`,
    );
  }
  return parts.join(" or ");
}

/** The middle of the points (null when there are none): where the map opens before anything is drawn. */
function centroid(points: [number, number][]): [number, number] | null {
  if (points.length === 0) return null;
  const sum = points.reduce(([lat, lon], [a, b]) => [lat + a, lon + b], [0, 0]);
  return [sum[0] / points.length, sum[1] / points.length];
}

export function PlaceFields({
  name,
  windowLabel,
  value,
  onChange,
  cameras,
}: {
  /** "the area", "place 2": what the map's label names. */
  name: string;
  windowLabel: string;
  value: PlaceValue;
  onChange: (value: PlaceValue) => void;
  cameras: UseQueryResult<TSearchCamerasResponse>;
}) {
  const update = (patch: Partial<PlaceValue>) => onChange({ ...value, ...patch });
  const listed = (cameras.data?.cameras ?? []).flatMap((camera) =>
    camera.latitude !== null && camera.longitude !== null
      ? [
          {
            key: camera.id,
            at: [camera.latitude, camera.longitude] as [number, number],
            picked: value.cameras.includes(camera.id),
          },
        ]
      : [],
  );
  const lastPicked = listed.find((camera) => camera.key === value.cameras.at(-1));
  const focus =
    (value.drawing.mode === "circle" ? value.drawing.center : null) ??
    lastPicked?.at ??
    (value.drawing.corners.length === 0 ? centroid(listed.map((camera) => camera.at)) : undefined);
  return (
    <>
      <WindowFields label={windowLabel} value={value.window} onChange={(window) => update({ window })} />
      <div className="investigation-where">
        <div className="investigation-where__map">
          <DrawControls drawing={value.drawing} onChange={(drawing) => update({ drawing })} />
          <AreaMap
            label={`Draw ${name}`}
            drawing={value.drawing}
            onDraw={(drawing) => update({ drawing })}
            cameras={listed}
            focus={focus}
          />
        </div>
        <CameraPicker
          cameras={cameras}
          picked={value.cameras}
          onChange={(picked) => update({ cameras: picked })}
        />
      </div>
    </>
  );
}
