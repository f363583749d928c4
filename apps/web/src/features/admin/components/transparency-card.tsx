import {
  TRANSPARENCY_POLICY_MAX,
  TRANSPARENCY_SECTIONS,
  type TTransparencySection,
  type TTransparencySettings,
} from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { Field, TextArea } from "@/components/forms";
import { QueryView } from "@/components/layouts/query-view";
import { Button, Card, Checkbox, Notice, Spinner } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { useInvalidate } from "@/lib/query-client";
import { adminKeys, adminQueries } from "../api/queries";
import { saveTransparencySettings } from "../api/transparency-settings";

/**
 * Odin's own (issue 23 item 3): the admin publishes the agency's public transparency page (off until
 * turned on), chooses its sections and writes its policy text.
 */
export function TransparencyCard() {
  const query = useQuery(adminQueries.transparency());
  return (
    <Card title="Public transparency page">
      <QueryView
        query={query}
        loading={<Spinner label="Loading the page settings…" />}
        failed={(error) => errorReason(error) ?? "The transparency settings could not be loaded."}
      >
        {(data) => <TransparencyForm initial={data} />}
      </QueryView>
    </Card>
  );
}

function TransparencyForm({ initial }: { initial: TTransparencySettings }) {
  const [enabled, setEnabled] = useState(initial.enabled);
  const [sections, setSections] = useState<TTransparencySection[]>(initial.sections);
  const [policy, setPolicy] = useState(initial.policy);
  const [saved, setSaved] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const invalidate = useInvalidate();
  const pagePath = `/transparency/${encodeURIComponent(saved.code)}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setDone(false);
    try {
      setSaved(await saveTransparencySettings({ enabled, sections, policy }));
      invalidate(adminKeys.transparency);
      setDone(true);
    } catch (failure) {
      setError(errorReason(failure) ?? "The settings could not be saved.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p className="text-muted">
        A page anyone can read, without signing in, on what your agency runs and keeps. It is off until you
        publish it; the figures are counted from Odin&apos;s own records.
      </p>
      <Checkbox
        label="Publish the transparency page"
        checked={enabled}
        onChange={(event) => setEnabled(event.target.checked)}
      />
      <fieldset className="field" disabled={busy}>
        <legend>Sections shown</legend>
        {TRANSPARENCY_SECTIONS.map((section) => (
          <Checkbox
            key={section.value}
            label={section.label}
            checked={sections.includes(section.value)}
            onChange={(event) =>
              setSections((current) =>
                event.target.checked
                  ? [...current, section.value]
                  : current.filter((value) => value !== section.value),
              )
            }
          />
        ))}
      </fieldset>
      <Field label="Policy text (shown as plain text)" name="policy">
        <TextArea
          rows={6}
          maxLength={TRANSPARENCY_POLICY_MAX}
          value={policy}
          onValue={setPolicy}
          disabled={busy}
        />
      </Field>
      {error && <Notice tone="danger">{error}</Notice>}
      {done && (
        <Notice tone="success">
          {saved.enabled ? "Saved. The page is published." : "Saved. The page is not published."}
        </Notice>
      )}
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          Save page settings
        </Button>
        {saved.enabled && <Link to={pagePath}>Open the public page</Link>}
      </div>
    </form>
  );
}
