import { DEFAULT_OFFENSE_CATEGORIES, type TCaseFieldSettings } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Field, TextArea } from "@/components/forms";
import { QueryView } from "@/components/layouts/query-view";
import { Button, Card, Checkbox, Notice, Spinner } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { useInvalidate } from "@/lib/query-client";
import { saveCaseFieldSettings } from "../api/case-field-settings";
import { adminKeys, adminQueries } from "../api/queries";

const isDefaultList = (list: readonly string[]) =>
  list.length === DEFAULT_OFFENSE_CATEGORIES.length &&
  list.every((item, index) => item === DEFAULT_OFFENSE_CATEGORIES[index]);

/**
 * Odin's own (issue 23 item 1): whether searches and exports must name a case number and an offense
 * category, and the agency's list of offense categories (Odin's NIBRS-based list when left empty).
 */
export function CaseFieldsCard() {
  const query = useQuery(adminQueries.caseFieldSettings());
  return (
    <Card title="Case number and offense category">
      <QueryView
        query={query}
        loading={<Spinner label="Loading the case-field settings…" />}
        failed={(error) => errorReason(error) ?? "The case-field settings could not be loaded."}
      >
        {(data) => <CaseFieldsForm initial={data} />}
      </QueryView>
    </Card>
  );
}

function CaseFieldsForm({ initial }: { initial: TCaseFieldSettings }) {
  const [caseNumber, setCaseNumber] = useState(initial.require_case_number);
  const [category, setCategory] = useState(initial.require_offense_category);
  // The defaults show as an empty list: saving it keeps following Odin's list.
  const [list, setList] = useState(
    isDefaultList(initial.offense_categories) ? "" : initial.offense_categories.join("\n"),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<TCaseFieldSettings | null>(null);
  const invalidate = useInvalidate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setSaved(null);
    try {
      const reply = await saveCaseFieldSettings({
        require_case_number: caseNumber,
        require_offense_category: category,
        offense_categories: list.split("\n"),
      });
      setSaved(reply);
      // Every form showing the case fields follows the new settings.
      invalidate(adminKeys.caseFieldSettings);
      if (isDefaultList(reply.offense_categories)) setList("");
      else setList(reply.offense_categories.join("\n"));
    } catch (failure) {
      setError(errorReason(failure) ?? "The settings could not be saved.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p className="text-muted">
        Besides the justification, searches and exports can name a case or incident number and an offense
        category. The audit log shows and filters by both.
      </p>
      <fieldset className="field" disabled={busy}>
        <legend>Required on searches and exports</legend>
        <Checkbox
          label="Require a case or incident number"
          checked={caseNumber}
          onChange={(event) => setCaseNumber(event.target.checked)}
        />
        <Checkbox
          label="Require an offense category"
          checked={category}
          onChange={(event) => setCategory(event.target.checked)}
        />
      </fieldset>
      <Field
        label="Offense categories, one per line"
        name="offense_categories"
        hint={`Leave empty for Odin's list (${DEFAULT_OFFENSE_CATEGORIES.length} categories based on the NIBRS offense groups).`}
      >
        <TextArea
          rows={6}
          value={list}
          placeholder={DEFAULT_OFFENSE_CATEGORIES.join("\n")}
          onValue={setList}
          disabled={busy}
        />
      </Field>
      {error && <Notice tone="danger">{error}</Notice>}
      {saved && (
        <Notice tone="success">
          {`Saved. Case number ${saved.require_case_number ? "required" : "optional"}; offense category ${
            saved.require_offense_category ? "required" : "optional"
          }; ${saved.offense_categories.length} categories${isDefaultList(saved.offense_categories) ? " (Odin's list)" : ""}.`}
        </Notice>
      )}
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          Save case-field settings
        </Button>
      </div>
    </form>
  );
}
