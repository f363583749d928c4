import type { TPatternSearchResponse, TSourceStatus } from "@odin/contract";
import { useState } from "react";
import { Button, Plate } from "@/components/ui";
import { AnswerSources } from "./answer-sources";
import { searchPattern } from "./api";
import { PLATE_MISSING } from "./companions-tab";
import { PatternDetails } from "./pattern-details";
import {
  InvestigationForm,
  isoOf,
  lastHours,
  paramsFor,
  PlateField,
  useInvestigation,
  WindowFields,
  type InvestigationWhy,
} from "./investigation-form";

/** A vehicle's pattern: its reads as a path, its cameras, and a day-of-week × hour grid. */
export function PatternTab() {
  const investigation = useInvestigation();
  const [plate, setPlate] = useState("");
  // Four weeks: inside what RAVEN keeps by default (30 days), so the default range needs no notice.
  const [window, setWindow] = useState(lastHours(24 * 28));
  const [answer, setAnswer] = useState<{
    data: TPatternSearchResponse;
    statuses: TSourceStatus[];
    why: InvestigationWhy;
    plate: string;
  } | null>(null);
  const submit = async () => {
    const sent = await investigation.run(
      () => (plate.trim() ? null : PLATE_MISSING),
      (why) =>
        searchPattern({
          ...why,
          plate,
          start_time: isoOf(window.start),
          end_time: isoOf(window.end),
          time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        }),
    );
    if (sent) setAnswer({ ...sent.answer, why: sent.why, plate: plate.trim().toUpperCase() });
  };
  return (
    <>
      <InvestigationForm label="Vehicle pattern" investigation={investigation} onSubmit={() => void submit()}>
        <PlateField value={plate} onChange={setPlate} />
        <WindowFields label="Time range" value={window} onChange={setWindow} />
      </InvestigationForm>
      {answer && (
        <section className="card investigation-answer" aria-label="Vehicle pattern">
          <h2>
            Pattern of <Plate>{answer.plate}</Plate>: {answer.data.reads.length}{" "}
            {answer.data.reads.length === 1 ? "read" : "reads"}
          </h2>
          <AnswerSources statuses={answer.statuses} />
          {answer.data.reads.length === 0 ? (
            <p>{answer.plate} was not read in this range by any source you may search.</p>
          ) : (
            <PatternDetails data={answer.data} />
          )}
          {answer.data.reads.length > 0 && (
            <div>
              <Button
                onClick={() =>
                  investigation.openResults(
                    answer.data.reads,
                    answer.statuses,
                    paramsFor(answer.why, window, answer.plate),
                  )
                }
              >
                Open the reads in the results table and map
              </Button>
            </div>
          )}
        </section>
      )}
    </>
  );
}
