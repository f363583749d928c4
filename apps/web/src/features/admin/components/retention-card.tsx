import type { TRetentionPolicy } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { QueryView } from "@/components/layouts/query-view";
import { Button, Card, DataTable, Notice, Spinner } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { useInvalidate } from "@/lib/query-client";
import { adminKeys, adminQueries } from "../api/queries";
import { saveRetention } from "../api/retention";
import { LegalHolds } from "./legal-holds";

const defaultText = (policy: TRetentionPolicy) =>
  policy.default_days === null ? "Default: indefinitely" : `Default: ${policy.default_days} days`;

/**
 * Odin's own (issue 23 item 5): how long the agency keeps reads and alerts per source, and its audit
 * policy (at least 365 days; Odin keeps audit rows indefinitely), with the legal holds below.
 */
export function RetentionCard() {
  const query = useQuery(adminQueries.retention());
  return (
    <Card title="Retention and legal holds">
      <QueryView
        query={query}
        loading={<Spinner label="Loading the retention policy…" />}
        failed={(error) => errorReason(error) ?? "The retention policy could not be loaded."}
      >
        {(data) => <RetentionForm initial={data.policies} />}
      </QueryView>
      <LegalHolds />
    </Card>
  );
}

function RetentionForm({ initial }: { initial: TRetentionPolicy[] }) {
  const id = useId();
  const [values, setValues] = useState(initial.map((policy) => policy.days?.toString() ?? ""));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const invalidate = useInvalidate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setDone(false);
    try {
      const reply = await saveRetention({
        policies: initial.map((policy, index) => ({
          record: policy.record,
          source: policy.source,
          days: values[index]!.trim() === "" ? null : Number(values[index]),
        })),
      });
      setValues(reply.policies.map((policy) => policy.days?.toString() ?? ""));
      setDone(true);
      invalidate(adminKeys.retention);
    } catch (failure) {
      setError(errorReason(failure) ?? "The retention policy could not be saved.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p className="text-muted">
        Days each kind of record is kept before the hourly retention run deletes it; leave a field empty for
        the default. The audit log&apos;s policy is at least 365 days; Odin keeps audit rows indefinitely (the
        log is append-only and tamper-evident). The public transparency page shows this policy.
      </p>
      <DataTable columns={["Record", "Days kept"]} caption="Retention per record and source">
        {initial.map((policy, index) => (
          <tr key={`${policy.record}-${policy.source}`}>
            <th scope="row">
              <label htmlFor={`${id}-${index}`}>{policy.label}</label>
            </th>
            <td>
              <input
                id={`${id}-${index}`}
                className="input"
                type="number"
                inputMode="numeric"
                min={policy.record === "audit" ? 365 : 1}
                placeholder={defaultText(policy)}
                value={values[index]}
                disabled={busy}
                onChange={(event) =>
                  setValues((current) =>
                    current.map((value, i) => (i === index ? event.target.value : value)),
                  )
                }
              />
            </td>
          </tr>
        ))}
      </DataTable>
      {error && <Notice tone="danger">{error}</Notice>}
      {done && <Notice tone="success">Saved. The next retention run follows this policy.</Notice>}
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          Save retention
        </Button>
      </div>
    </form>
  );
}
