import {
  DEFAULT_COMPANION_GAP_SECONDS,
  DEFAULT_COMPANION_MIN_COUNT,
  ZCompanionsSearchRequest,
  type TCompanionsSearchResponse,
  type TSearchResult,
  type TSourceStatus,
} from "@odin/contract";
import { useState } from "react";
import { Button, Plate } from "@/components/ui";
import { boundsOf } from "@/lib/forms/limits";
import { AnswerSources } from "./answer-sources";
import { searchCompanions } from "./api";
import { AreaMap, type PathLine } from "./area-map";
import {
  InvestigationForm,
  isoOf,
  lastHours,
  NumberField,
  paramsFor,
  PlateField,
  useInvestigation,
  WindowFields,
  type InvestigationWhy,
} from "./investigation-form";

const PATH_COLORS = ["#f59e0b", "#22c55e", "#a855f7", "#ef4444", "#14b8a6", "#eab308"];
export const PLATE_MISSING = "Enter the plate to investigate.";

export const toPoints = (reads: TSearchResult[]): [number, number][] =>
  reads
    .filter((read) => read.latitude != null && read.longitude != null)
    .map((read) => [read.latitude!, read.longitude!]);

/** Travelling with: plates read by the same cameras within the gap of the plate, at N cameras or more. */
export function CompanionsTab() {
  const investigation = useInvestigation();
  const [plate, setPlate] = useState("");
  const [window, setWindow] = useState(lastHours(24 * 7));
  const [gap, setGap] = useState(DEFAULT_COMPANION_GAP_SECONDS);
  const [minCount, setMinCount] = useState(DEFAULT_COMPANION_MIN_COUNT);
  const [answer, setAnswer] = useState<{
    data: TCompanionsSearchResponse;
    statuses: TSourceStatus[];
    why: InvestigationWhy;
    plate: string;
  } | null>(null);
  const submit = async () => {
    const sent = await investigation.run(
      () => (plate.trim() ? null : PLATE_MISSING),
      (why) =>
        searchCompanions({
          ...why,
          plate,
          start_time: isoOf(window.start),
          end_time: isoOf(window.end),
          gap_seconds: gap,
          min_count: minCount,
        }),
    );
    if (sent) setAnswer({ ...sent.answer, why: sent.why, plate: plate.trim().toUpperCase() });
  };
  const paths: PathLine[] = answer
    ? [
        { key: "target", color: "#38bdf8", weight: 9, points: toPoints(answer.data.target) },
        ...answer.data.companions.slice(0, PATH_COLORS.length).map((companion, index) => ({
          key: companion.plate,
          color: PATH_COLORS[index]!,
          points: toPoints(companion.reads),
        })),
      ]
    : [];
  return (
    <>
      <InvestigationForm label="Travelling with" investigation={investigation} onSubmit={() => void submit()}>
        <PlateField value={plate} onChange={setPlate} />
        <WindowFields label="Time range" value={window} onChange={setWindow} />
        <div className="investigation-form__row">
          <NumberField
            label="Gap (seconds)"
            name="gap_seconds"
            {...boundsOf(ZCompanionsSearchRequest.shape.gap_seconds)}
            fallback={DEFAULT_COMPANION_GAP_SECONDS}
            value={gap}
            onChange={setGap}
          />
          <NumberField
            label="At least, at different cameras"
            name="min_count"
            {...boundsOf(ZCompanionsSearchRequest.shape.min_count)}
            fallback={DEFAULT_COMPANION_MIN_COUNT}
            value={minCount}
            onChange={setMinCount}
          />
        </div>
      </InvestigationForm>
      {answer && (
        <section className="card investigation-answer" aria-label="Companions">
          <h2>
            Companions of <Plate>{answer.plate}</Plate>
          </h2>
          <AnswerSources statuses={answer.statuses} />
          {answer.data.target.length === 0 ? (
            <p>{answer.plate} was not read in this range: there is nothing to compare.</p>
          ) : answer.data.companions.length === 0 ? (
            <p>
              No plate travelled with it often enough ({answer.data.target.length} reads of {answer.plate}{" "}
              compared). Widen the gap or the range, or ask for fewer cameras.
            </p>
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
                    <th scope="row">
                      <Plate>{companion.plate}</Plate>
                    </th>
                    <td>{companion.cameras}</td>
                    <td>{companion.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {answer.data.target.length > 0 && (
            <>
              <AreaMap
                label="Paths of the plate (blue) and its companions"
                paths={paths}
                center={paths[0]?.points[0]}
                zoom={12}
              />
              <div>
                <Button
                  onClick={() =>
                    investigation.openResults(
                      [
                        ...answer.data.target,
                        ...answer.data.companions.flatMap((companion) => companion.reads),
                      ],
                      answer.statuses,
                      paramsFor(answer.why, window, answer.plate),
                    )
                  }
                >
                  Open the reads in the results table and map
                </Button>
              </div>
            </>
          )}
        </section>
      )}
    </>
  );
}
