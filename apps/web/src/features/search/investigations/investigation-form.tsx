import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import {
  CaseFields,
  EMPTY_CASE_FIELDS,
  Field,
  missingCaseFields,
  toCaseFieldsRequest,
  useCaseFieldSettings,
  type CaseFieldValues,
  Input,
  PlateInput,
} from "@/components/forms";
import { Button, Notice } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { maxLengthOf } from "@/lib/forms/limits";
import { ZPatternSearchRequest, type TSearchResult, type TSourceStatus } from "@odin/contract";
import { fromLocalInput, toLocalInput, type ResultsState } from "../search-params";
import { JustificationField } from "../components/search-form/justification-bar";
import type { SubmitState } from "../components/search-form/use-search-submit";

/** What every investigation tab shares (issue 22): why, the case fields (issue 23), windows, numbers. */

const HOUR = 3_600_000;
const PLATE_MAX = maxLengthOf(ZPatternSearchRequest.shape.plate);

export interface Window {
  start: string;
  end: string;
}
export const lastHours = (hours: number): Window => {
  const now = new Date();
  return { start: toLocalInput(new Date(now.getTime() - hours * HOUR)), end: toLocalInput(now) };
};
export const isoOf = (value: string) => fromLocalInput(value)?.toISOString() ?? "";

export function WindowFields({
  value,
  onChange,
  label,
}: {
  value: Window;
  onChange: (w: Window) => void;
  label: string;
}) {
  return (
    <fieldset className="investigation-window">
      <legend>{label}</legend>
      <Field label="From" name="start" required>
        <Input type="datetime-local" value={value.start} onValue={(start) => onChange({ ...value, start })} />
      </Field>
      <Field label="To" name="end" required>
        <Input type="datetime-local" value={value.end} onValue={(end) => onChange({ ...value, end })} />
      </Field>
    </fieldset>
  );
}

/** A labelled whole number within bounds; a blank or unreadable entry falls back to `fallback`. */
export function NumberField({
  label,
  name,
  value,
  onChange,
  min,
  max,
  fallback,
}: {
  label: string;
  /** The request's field this number fills (its id is made from it). */
  name: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  fallback: number;
}) {
  return (
    <Field label={label} name={name}>
      <Input
        className="investigation-number"
        type="number"
        min={min}
        max={max}
        value={value}
        onValue={(value) => onChange(Number(value) || fallback)}
      />
    </Field>
  );
}

export function PlateField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field label="Plate" name="plate" required className="investigation-plate">
      <PlateInput value={value} maxLength={PLATE_MAX} onValue={onChange} />
    </Field>
  );
}

/**
 * One investigation's why and how it went: the justification and case fields, the checks made before
 * sending (the agency's required case fields included), failures, and /results for the records.
 */
export function useInvestigation() {
  const navigate = useNavigate();
  const [state, setState] = useState<SubmitState>({ status: "idle" });
  const [justification, setJustification] = useState("");
  const [caseFields, setCaseFields] = useState<CaseFieldValues>(EMPTY_CASE_FIELDS);
  const { data: settings } = useCaseFieldSettings();
  /** Sends `call` with the justification and case fields once `check` (and the shared checks) pass. */
  const run = async <T,>(
    check: () => string | null,
    call: (why: InvestigationWhy) => Promise<T>,
  ): Promise<{ answer: T; why: InvestigationWhy } | null> => {
    const invalid = justification.trim()
      ? (missingCaseFields(caseFields, settings) ?? check())
      : "Justification and date range are required.";
    if (invalid) {
      setState({ status: "invalid", message: invalid });
      return null;
    }
    setState({ status: "busy" });
    const sent = { justification, ...toCaseFieldsRequest(caseFields) };
    try {
      const answer = await call(sent);
      setState({ status: "idle" });
      return { answer, why: sent };
    } catch (error) {
      setState({ status: "failed", details: isApiError(error) ? [error.message] : [] });
      return null;
    }
  };
  const openResults = (
    results: TSearchResult[],
    statuses: TSourceStatus[],
    params: ResultsState["previousSearchParams"],
    /** Where the investigation looked, in words (describePlace), for the results' header. */
    where?: string,
  ) =>
    void navigate("/results", {
      state: {
        searchResults: results,
        previousSearchParams: params,
        sourceStatuses: statuses,
        ...(where ? { where } : {}),
      } satisfies ResultsState,
    });
  const why = { justification, setJustification, caseFields, setCaseFields };
  return { state, run, openResults, why };
}

export interface InvestigationWhy {
  justification: string;
  case_number: string | undefined;
  offense_category: string | undefined;
}

export function InvestigationForm({
  label,
  investigation,
  onSubmit,
  children,
}: {
  label: string;
  investigation: ReturnType<typeof useInvestigation>;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const { state, why } = investigation;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="card investigation-form" aria-label={label} onSubmit={submit} noValidate>
      <div className="investigation-form__why">
        <JustificationField
          justification={why.justification}
          onJustificationChange={why.setJustification}
          inputRef={ref}
          state={state}
        />
        <CaseFields
          values={why.caseFields}
          onChange={(patch) => why.setCaseFields((current) => ({ ...current, ...patch }))}
          showMissing={state.status !== "idle" && state.status !== "busy"}
        />
      </div>
      {children}
      {state.status === "invalid" && <Notice tone="warning">{state.message}</Notice>}
      {state.status === "failed" && (
        <Notice tone="danger" title="Search failed.">
          {state.details.join(" ") || "The search could not be made. Try again in a moment."}
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

/** What /results shows the investigation as (and hands its export dialog: the case fields). */
export const paramsFor = (
  why: InvestigationWhy,
  window: Window,
  plate?: string,
): ResultsState["previousSearchParams"] => ({
  ...why,
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
