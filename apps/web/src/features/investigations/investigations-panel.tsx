import {
  DEFAULT_COMPANION_GAP_SECONDS,
  DEFAULT_COMPANION_MIN_COUNT,
  type TCompanionsSearchResponse,
  type TInvestigationType,
  type TPatternSearchResponse,
  type TPlacesSearchResponse,
  type TSearchResult,
  type TSourceStatus,
} from "@odin/contract";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { FieldLabel } from "@/components/forms";
import { Button, Notice } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { fromLocalInput, toLocalInput, type ResultsState } from "../search/search-params";
import { JustificationField } from "../search/components/search-form/justification-bar";
import type { SubmitState } from "../search/components/search-form/use-search-submit";
import { AreaMap, emptyDrawing, toArea, type Drawing, type PathLine } from "./area-map";
import { searchArea, searchCompanions, searchPattern, searchPlaces } from "./api";

export const INVESTIGATION_TABS: { type: TInvestigationType; label: string }[] = [
  { type: "area", label: "Area and time" },
  { type: "places", label: "Seen at several places" },
  { type: "companions", label: "Travelling with" },
  { type: "pattern", label: "Vehicle pattern" },
];

const HOUR = 3_600_000;
const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const PATH_COLORS = ["#f59e0b", "#22c55e", "#a855f7", "#ef4444", "#14b8a6", "#eab308"];

interface Window {
  start: string;
  end: string;
}
const lastHours = (hours: number): Window => {
  const now = new Date();
  return { start: toLocalInput(new Date(now.getTime() - hours * HOUR)), end: toLocalInput(now) };
};
const isoOf = (value: string) => fromLocalInput(value)?.toISOString() ?? "";

function WindowFields({
  value,
  onChange,
  label,
}: {
  value: Window;
  onChange: (w: Window) => void;
  label: string;
}) {
  const id = useId();
  return (
    <fieldset className="investigation-window">
      <legend>{label}</legend>
      <div className="field">
        <FieldLabel htmlFor={`${id}-start`} required>
          From
        </FieldLabel>
        <input
          id={`${id}-start`}
          className="input"
          type="datetime-local"
          value={value.start}
          onChange={(event) => onChange({ ...value, start: event.target.value })}
        />
      </div>
      <div className="field">
        <FieldLabel htmlFor={`${id}-end`} required>
          To
        </FieldLabel>
        <input
          id={`${id}-end`}
          className="input"
          type="datetime-local"
          value={value.end}
          onChange={(event) => onChange({ ...value, end: event.target.value })}
        />
      </div>
    </fieldset>
  );
}

function DrawControls({ drawing, onChange }: { drawing: Drawing; onChange: (d: Drawing) => void }) {
  const id = useId();
  return (
    <div className="investigation-draw">
      <div className="field">
        <FieldLabel htmlFor={`${id}-mode`}>Shape</FieldLabel>
        <select
          id={`${id}-mode`}
          className="input"
          value={drawing.mode}
          onChange={(event) => onChange(emptyDrawing(event.target.value as Drawing["mode"]))}
        >
          <option value="circle">Circle (click its centre)</option>
          <option value="polygon">Polygon (click each corner)</option>
        </select>
      </div>
      {drawing.mode === "circle" &&
        ([0, 1] as const).map((axis) => (
          <div className="field" key={axis}>
            <FieldLabel htmlFor={`${id}-axis-${axis}`}>
              {axis === 0 ? "Centre latitude" : "Centre longitude"}
            </FieldLabel>
            <input
              id={`${id}-axis-${axis}`}
              className="input"
              type="number"
              step="any"
              value={drawing.center?.[axis] ?? ""}
              onChange={(event) => {
                const value = Number(event.target.value);
                if (event.target.value === "" || !Number.isFinite(value)) return;
                const center: [number, number] = drawing.center ? [...drawing.center] : [41.76, -72.68];
                center[axis] = value;
                onChange({ ...drawing, center });
              }}
            />
          </div>
        ))}
      {drawing.mode === "circle" && (
        <div className="field">
          <FieldLabel htmlFor={`${id}-radius`}>Radius (m)</FieldLabel>
          <input
            id={`${id}-radius`}
            className="input"
            type="number"
            min={10}
            max={50000}
            value={drawing.radiusM}
            onChange={(event) => onChange({ ...drawing, radiusM: Number(event.target.value) || 300 })}
          />
        </div>
      )}
      <p className="field__hint" aria-live="polite">
        {toArea(drawing)
          ? drawing.mode === "circle"
            ? `Circle of ${drawing.radiusM} m at ${drawing.center!.map((v) => v.toFixed(4)).join(", ")}`
            : `Polygon with ${drawing.corners.length} corners`
          : "Click the map to draw the area."}
      </p>
      <Button variant="secondary" size="sm" onClick={() => onChange(emptyDrawing(drawing.mode))}>
        Clear area
      </Button>
    </div>
  );
}

/** Runs an investigation with the justification, shows failures, and sends records to /results. */
function useInvestigation() {
  const navigate = useNavigate();
  const [state, setState] = useState<SubmitState>({ status: "idle" });
  const run = async <T,>(check: () => string | null, call: () => Promise<T>): Promise<T | null> => {
    const invalid = check();
    if (invalid) {
      setState({ status: "invalid", message: invalid });
      return null;
    }
    setState({ status: "busy" });
    try {
      const answer = await call();
      setState({ status: "idle" });
      return answer;
    } catch (error) {
      setState({ status: "failed", details: isApiError(error) ? [error.message] : [] });
      return null;
    }
  };
  const openResults = (
    results: TSearchResult[],
    statuses: TSourceStatus[],
    params: ResultsState["previousSearchParams"],
  ) =>
    void navigate("/results", {
      state: {
        searchResults: results,
        previousSearchParams: params,
        sourceStatuses: statuses,
      } satisfies ResultsState,
    });
  return { state, run, openResults };
}

function Form({
  label,
  state,
  justification,
  onJustification,
  onSubmit,
  children,
}: {
  label: string;
  state: SubmitState;
  justification: string;
  onJustification: (value: string) => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="card investigation-form" aria-label={label} onSubmit={submit} noValidate>
      <JustificationField
        justification={justification}
        onJustificationChange={onJustification}
        inputRef={ref}
        state={state}
      />
      {children}
      {state.status === "invalid" && <Notice tone="warning">{state.message}</Notice>}
      {state.status === "failed" && (
        <Notice tone="danger" title="Search failed.">
          {state.details.join(" ")}
        </Notice>
      )}
      <div className="investigation-form__actions">
        <Button type="submit" disabled={state.status === "busy"}>
          {state.status === "busy" ? "Searching…" : "Search"}
        </Button>
      </div>
    </form>
  );
}

const needJustification = (justification: string) =>
  justification.trim() ? null : "Justification and date range are required.";

const paramsFor = (
  justification: string,
  window: Window,
  plate?: string,
): ResultsState["previousSearchParams"] => ({
  justification,
  plate: plate ? plate.toLowerCase() : undefined,
  plate_state: undefined,
  vehicle_color: undefined,
  vehicle_make: undefined,
  vehicle_body_type: undefined,
  start_time: isoOf(window.start),
  end_time: isoOf(window.end),
  agencies: [],
  filters: { top_rack: false, back_rack: false, bumper_stickers: false, window_stickers: false },
});

function AreaTab() {
  const { state, run, openResults } = useInvestigation();
  const [justification, setJustification] = useState("");
  const [window, setWindow] = useState(lastHours(1));
  const [drawing, setDrawing] = useState<Drawing>(emptyDrawing());
  const submit = async () => {
    const area = toArea(drawing);
    const answer = await run(
      () =>
        needJustification(justification) ??
        (area ? null : "Draw an area on the map or pick at least one camera."),
      () => searchArea({ justification, start_time: isoOf(window.start), end_time: isoOf(window.end), area }),
    );
    if (answer) openResults(answer.data, answer.statuses, paramsFor(justification, window));
  };
  return (
    <Form
      label="Area and time search"
      state={state}
      justification={justification}
      onJustification={setJustification}
      onSubmit={() => void submit()}
    >
      <WindowFields label="Time window" value={window} onChange={setWindow} />
      <DrawControls drawing={drawing} onChange={setDrawing} />
      <AreaMap label="Draw the area" drawing={drawing} onDraw={setDrawing} />
    </Form>
  );
}

function PlacesTab() {
  const { state, run, openResults } = useInvestigation();
  const [justification, setJustification] = useState("");
  const [places, setPlaces] = useState<{ window: Window; drawing: Drawing }[]>([
    { window: lastHours(24), drawing: emptyDrawing() },
    { window: lastHours(24), drawing: emptyDrawing() },
  ]);
  const [minPlaces, setMinPlaces] = useState(0);
  const [answer, setAnswer] = useState<{ data: TPlacesSearchResponse; statuses: TSourceStatus[] } | null>(
    null,
  );
  const id = useId();
  const update = (index: number, next: Partial<{ window: Window; drawing: Drawing }>) =>
    setPlaces((current) => current.map((place, i) => (i === index ? { ...place, ...next } : place)));
  const submit = async () => {
    const result = await run(
      () =>
        needJustification(justification) ??
        (places.every((place) => toArea(place.drawing))
          ? null
          : "Draw an area on the map or pick at least one camera."),
      () =>
        searchPlaces({
          justification,
          places: places.map((place) => ({
            start_time: isoOf(place.window.start),
            end_time: isoOf(place.window.end),
            area: toArea(place.drawing),
          })),
          ...(minPlaces ? { min_places: minPlaces } : {}),
        }),
    );
    if (result) setAnswer(result);
  };
  return (
    <>
      <Form
        label="Seen at several places"
        state={state}
        justification={justification}
        onJustification={setJustification}
        onSubmit={() => void submit()}
      >
        {places.map((place, index) => (
          <fieldset key={index} className="investigation-place">
            <legend>Place {index + 1}</legend>
            <WindowFields
              label={`Place ${index + 1} time window`}
              value={place.window}
              onChange={(w) => update(index, { window: w })}
            />
            <DrawControls drawing={place.drawing} onChange={(d) => update(index, { drawing: d })} />
            <AreaMap
              label={`Draw place ${index + 1}`}
              drawing={place.drawing}
              onDraw={(d) => update(index, { drawing: d })}
            />
          </fieldset>
        ))}
        <div className="investigation-form__row">
          <Button
            variant="secondary"
            disabled={places.length >= 5}
            onClick={() => setPlaces([...places, { window: lastHours(24), drawing: emptyDrawing() }])}
          >
            Add a place
          </Button>
          <Button
            variant="secondary"
            disabled={places.length <= 2}
            onClick={() => setPlaces(places.slice(0, -1))}
          >
            Remove the last place
          </Button>
          <div className="field">
            <FieldLabel htmlFor={`${id}-min`}>Seen at least at</FieldLabel>
            <select
              id={`${id}-min`}
              className="input"
              value={minPlaces}
              onChange={(event) => setMinPlaces(Number(event.target.value))}
            >
              <option value={0}>every place</option>
              {places.map((_, index) =>
                index >= 1 ? (
                  <option key={index} value={index + 1}>
                    {index + 1} places
                  </option>
                ) : null,
              )}
            </select>
          </div>
        </div>
      </Form>
      {answer && (
        <section className="card investigation-answer" aria-label="Plates seen at several places">
          <h2>Plates seen at several places</h2>
          {answer.data.plates.length === 0 ? (
            <p>No plate was read at enough of the places.</p>
          ) : (
            <table className="table">
              <caption className="visually-hidden">Plates ranked by places matched</caption>
              <thead>
                <tr>
                  <th scope="col">Plate</th>
                  <th scope="col">Places</th>
                  <th scope="col">Reads</th>
                </tr>
              </thead>
              <tbody>
                {answer.data.plates.map((match) => (
                  <tr key={match.plate}>
                    <th scope="row">{match.plate}</th>
                    <td>{match.places.map((place) => place + 1).join(", ")}</td>
                    <td>{match.reads.length}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Button
            disabled={answer.data.plates.length === 0}
            onClick={() =>
              openResults(
                answer.data.plates.flatMap((match) => match.reads),
                answer.statuses,
                paramsFor(justification, places[0]!.window),
              )
            }
          >
            Open the reads in the results table and map
          </Button>
        </section>
      )}
    </>
  );
}

const toPoints = (reads: TSearchResult[]): [number, number][] =>
  reads
    .filter((read) => read.latitude != null && read.longitude != null)
    .map((read) => [read.latitude!, read.longitude!]);

function PlateField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <FieldLabel htmlFor={`${id}-plate`} required>
        Plate
      </FieldLabel>
      <input
        id={`${id}-plate`}
        className="input"
        value={value}
        maxLength={20}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function CompanionsTab() {
  const { state, run, openResults } = useInvestigation();
  const [justification, setJustification] = useState("");
  const [plate, setPlate] = useState("");
  const [window, setWindow] = useState(lastHours(24 * 7));
  const [gap, setGap] = useState(DEFAULT_COMPANION_GAP_SECONDS);
  const [minCount, setMinCount] = useState(DEFAULT_COMPANION_MIN_COUNT);
  const [answer, setAnswer] = useState<{ data: TCompanionsSearchResponse; statuses: TSourceStatus[] } | null>(
    null,
  );
  const id = useId();
  const submit = async () => {
    const result = await run(
      () => needJustification(justification) ?? (plate.trim() ? null : "Enter the plate to investigate."),
      () =>
        searchCompanions({
          justification,
          plate,
          start_time: isoOf(window.start),
          end_time: isoOf(window.end),
          gap_seconds: gap,
          min_count: minCount,
        }),
    );
    if (result) setAnswer(result);
  };
  const paths: PathLine[] = answer
    ? [
        { key: "target", color: "#38bdf8", points: toPoints(answer.data.target) },
        ...answer.data.companions.slice(0, PATH_COLORS.length).map((companion, index) => ({
          key: companion.plate,
          color: PATH_COLORS[index]!,
          points: toPoints(companion.reads),
        })),
      ]
    : [];
  return (
    <>
      <Form
        label="Travelling with"
        state={state}
        justification={justification}
        onJustification={setJustification}
        onSubmit={() => void submit()}
      >
        <PlateField value={plate} onChange={setPlate} />
        <WindowFields label="Time range" value={window} onChange={setWindow} />
        <div className="investigation-form__row">
          <div className="field">
            <FieldLabel htmlFor={`${id}-gap`}>Gap (seconds)</FieldLabel>
            <input
              id={`${id}-gap`}
              className="input"
              type="number"
              min={1}
              max={900}
              value={gap}
              onChange={(event) => setGap(Number(event.target.value) || DEFAULT_COMPANION_GAP_SECONDS)}
            />
          </div>
          <div className="field">
            <FieldLabel htmlFor={`${id}-count`}>At least, at different cameras</FieldLabel>
            <input
              id={`${id}-count`}
              className="input"
              type="number"
              min={1}
              max={50}
              value={minCount}
              onChange={(event) => setMinCount(Number(event.target.value) || DEFAULT_COMPANION_MIN_COUNT)}
            />
          </div>
        </div>
      </Form>
      {answer && (
        <section className="card investigation-answer" aria-label="Companions">
          <h2>Companions of {plate.trim().toUpperCase()}</h2>
          {answer.data.companions.length === 0 ? (
            <p>No plate travelled with it often enough.</p>
          ) : (
            <table className="table">
              <caption className="visually-hidden">Companions ranked by cameras shared</caption>
              <thead>
                <tr>
                  <th scope="col">Path colour</th>
                  <th scope="col">Plate</th>
                  <th scope="col">Cameras</th>
                  <th scope="col">Times together</th>
                </tr>
              </thead>
              <tbody>
                {answer.data.companions.map((companion, index) => (
                  <tr key={companion.plate}>
                    <td>
                      {index < PATH_COLORS.length ? (
                        <span
                          className="path-swatch"
                          style={{ background: PATH_COLORS[index] }}
                          aria-hidden="true"
                        />
                      ) : (
                        "not drawn"
                      )}
                    </td>
                    <th scope="row">{companion.plate}</th>
                    <td>{companion.cameras}</td>
                    <td>{companion.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <AreaMap
            label="Paths of the plate (blue) and its companions"
            paths={paths}
            center={paths[0]?.points[0]}
            zoom={12}
          />
          <Button
            onClick={() =>
              openResults(
                [...answer.data.target, ...answer.data.companions.flatMap((companion) => companion.reads)],
                answer.statuses,
                paramsFor(justification, window, plate),
              )
            }
          >
            Open the reads in the results table and map
          </Button>
        </section>
      )}
    </>
  );
}

function PatternTab() {
  const { state, run, openResults } = useInvestigation();
  const [justification, setJustification] = useState("");
  const [plate, setPlate] = useState("");
  const [window, setWindow] = useState(lastHours(24 * 30));
  const [answer, setAnswer] = useState<{ data: TPatternSearchResponse; statuses: TSourceStatus[] } | null>(
    null,
  );
  const submit = async () => {
    const result = await run(
      () => needJustification(justification) ?? (plate.trim() ? null : "Enter the plate to investigate."),
      () =>
        searchPattern({
          justification,
          plate,
          start_time: isoOf(window.start),
          end_time: isoOf(window.end),
          time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        }),
    );
    if (result) setAnswer(result);
  };
  const path = answer ? toPoints(answer.data.reads) : [];
  return (
    <>
      <Form
        label="Vehicle pattern"
        state={state}
        justification={justification}
        onJustification={setJustification}
        onSubmit={() => void submit()}
      >
        <PlateField value={plate} onChange={setPlate} />
        <WindowFields label="Time range" value={window} onChange={setWindow} />
      </Form>
      {answer && (
        <section className="card investigation-answer" aria-label="Vehicle pattern">
          <h2>
            Pattern of {plate.trim().toUpperCase()}: {answer.data.reads.length} reads
          </h2>
          <AreaMap
            label="Path over time"
            paths={[{ key: "path", color: "#38bdf8", points: path }]}
            center={path[0]}
            zoom={12}
          />
          <table className="table">
            <caption>Cameras</caption>
            <thead>
              <tr>
                <th scope="col">Camera</th>
                <th scope="col">Source</th>
                <th scope="col">Reads</th>
                <th scope="col">Last seen</th>
              </tr>
            </thead>
            <tbody>
              {answer.data.cameras.map((camera) => (
                <tr key={`${camera.source_program}-${camera.camera_name}-${camera.agency ?? ""}`}>
                  <th scope="row">{camera.camera_name}</th>
                  <td>{camera.source_program}</td>
                  <td>{camera.count}</td>
                  <td>{new Date(camera.last_seen).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="table-scroll" role="region" aria-label="Reads by day and hour" tabIndex={0}>
            <table className="table pattern-grid">
              <caption>Reads by day of week and hour ({answer.data.time_zone})</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  {Array.from({ length: 24 }, (_, hour) => (
                    <th scope="col" key={hour}>
                      {String(hour).padStart(2, "0")}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {answer.data.grid.map((hours, day) => (
                  <tr key={DAYS[day]}>
                    <th scope="row">{DAYS[day]}</th>
                    {hours.map((count, hour) => (
                      <td key={hour} className={count ? "pattern-grid__hit" : undefined}>
                        {count || ""}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button
            onClick={() =>
              openResults(answer.data.reads, answer.statuses, paramsFor(justification, window, plate))
            }
          >
            Open the reads in the results table and map
          </Button>
        </section>
      )}
    </>
  );
}

/** One investigation's tab panel (issue 22). */
export function InvestigationPanel({ type }: { type: TInvestigationType }) {
  switch (type) {
    case "area":
      return <AreaTab />;
    case "places":
      return <PlacesTab />;
    case "companions":
      return <CompanionsTab />;
    case "pattern":
      return <PatternTab />;
  }
}
