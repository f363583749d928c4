import { useRef, useState, type FormEvent } from "react";
import { CaseFields } from "@/components/forms";
import { Card } from "@/components/ui";
import { defaultSearchForm, presetRange, type SearchForm } from "../../search-params";
import { AgencySections } from "./agency-sections";
import { FeatureFlags } from "./feature-flags";
import { JustificationField, SubmitBar } from "./justification-bar";
import { MoreFilters } from "./more-filters";
import { SearchLoadingModal } from "./search-loading-modal";
import { TimeRangeFields } from "./time-range-fields";
import { useSearchSubmit } from "./use-search-submit";
import { MatchField, PlateField, VehicleFields } from "./vehicle-fields";

export interface SearchFormViewProps {
  /** The form's first values: the 24-hour default, or a previous search to refine. */
  initial: () => SearchForm;
}

/**
 * The search form (000 §2, §4). Issue 40 item 2: plate, justification, match, case number, offense
 * category, then Search and Clear (Search is the fifth Tab press from the plate); the time range after
 * them, always shown (24 hours by default); state, colour, make, body type, the agencies and the four
 * features in the "More filters" drawer, which says what is set.
 */
export function SearchFormView({ initial }: SearchFormViewProps) {
  const [form, setForm] = useState<SearchForm>(initial);
  const { state, submit, reset } = useSearchSubmit();
  const justificationRef = useRef<HTMLInputElement>(null);
  const update = (patch: Partial<SearchForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    // The alert answered the last try; once the person fixes what it named, it goes.
    if (state.status === "invalid" && ("justification" in patch || "start" in patch || "end" in patch))
      reset();
    // So does a case field's refusal, once the person changes a case field.
    if (state.status === "refused" && ("case_number" in patch || "offense_category" in patch)) reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.justification.trim()) justificationRef.current?.focus();
    // A marked preset means "the last N, as of now": a form left open for a while searches up to now.
    const sent = form.preset ? { ...form, ...presetRange(form.preset) } : form;
    setForm(sent);
    void submit(sent);
  };

  const clear = () => {
    setForm(defaultSearchForm());
    reset();
  };

  return (
    <form className="search-form" onSubmit={onSubmit} noValidate aria-label="Search LPR records">
      <Card title="What to look for" className="search-form__main">
        <div className="search-main">
          <PlateField plate={form.plate} onChange={(plate) => update({ plate })} />
          <JustificationField
            justification={form.justification}
            onJustificationChange={(justification) => update({ justification })}
            inputRef={justificationRef}
            state={state}
          />
          <MatchField match={form.match} onChange={(match) => update({ match })} />
          <CaseFields
            values={form}
            onChange={update}
            showMissing={state.status === "failed"}
            errors={state.status === "refused" ? state.fields : undefined}
          />
        </div>
        <SubmitBar state={state} onClear={clear} />
      </Card>
      <Card title="Time range" className="search-form__time">
        <TimeRangeFields values={form} onChange={update} />
      </Card>
      <MoreFilters values={form}>
        <Card title="Vehicle" className="search-form__vehicle">
          <VehicleFields values={form} onChange={update} />
        </Card>
        <Card title="Agencies" className="search-form__agencies">
          <AgencySections agencies={form.agencies} onChange={(agencies) => update({ agencies })} />
        </Card>
        <Card title="Features" className="search-form__flags">
          <FeatureFlags filters={form.filters} onChange={(filters) => update({ filters })} />
        </Card>
      </MoreFilters>
      <SearchLoadingModal open={state.status === "busy"} />
    </form>
  );
}
