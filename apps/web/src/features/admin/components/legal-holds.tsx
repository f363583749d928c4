import { ZPlaceLegalHoldRequest } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Field, Input } from "@/components/forms";
import { QueryView } from "@/components/layouts/query-view";
import { Button, DataTable, Notice, Spinner } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { useContractForm } from "@/lib/forms/contract-form";
import { maxLengthOf } from "@/lib/forms/limits";
import { useInvalidate } from "@/lib/query-client";
import { formatTimestamp } from "@/lib/format";
import { adminKeys, adminQueries } from "../api/queries";
import { placeLegalHold, releaseLegalHold } from "../api/retention";

const HOLD_LIMITS = {
  case_number: maxLengthOf(ZPlaceLegalHoldRequest.shape.case_number),
  reason: maxLengthOf(ZPlaceLegalHoldRequest.shape.reason),
};

/**
 * Legal holds (issue 23 item 5): a case number whose reads and alerts (those searched or exported
 * under it) are kept past retention until the hold is released. Both are audited.
 */
export function LegalHolds() {
  const query = useQuery(adminQueries.legalHolds());
  const invalidate = useInvalidate();
  const form = useContractForm(ZPlaceLegalHoldRequest, { case_number: "", reason: "" });
  const { errors } = form.formState;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string } | null>(null);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setMessage(null);
    try {
      setMessage({ tone: "success", text: await work() });
      invalidate(adminKeys.legalHolds);
    } catch (failure) {
      setMessage({ tone: "danger", text: errorReason(failure) ?? "The legal hold could not be changed." });
    } finally {
      setBusy(false);
    }
  };
  const place = form.handleSubmit((body) =>
    run(async () => {
      const hold = await placeLegalHold(body.case_number, body.reason);
      form.reset();
      return `Case ${hold.case_number} is on legal hold.`;
    }),
  );

  return (
    <div className="legal-holds">
      <h3>Legal holds</h3>
      <form onSubmit={place} noValidate className="form-row">
        <Field label="Case number" name="case_number" required error={errors.case_number?.message}>
          <Input
            {...form.register("case_number")}
            maxLength={HOLD_LIMITS.case_number}
            required
            disabled={busy}
          />
        </Field>
        <Field label="Reason" name="reason" required error={errors.reason?.message}>
          <Input {...form.register("reason")} maxLength={HOLD_LIMITS.reason} required disabled={busy} />
        </Field>
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            Place legal hold
          </Button>
        </div>
      </form>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      <QueryView
        query={query}
        loading={<Spinner label="Loading the legal holds…" />}
        failed={(error) => errorReason(error) ?? "The legal holds could not be loaded."}
        isEmpty={(data) => data.holds.length === 0}
        empty={<p className="text-muted">No case is on legal hold.</p>}
      >
        {(data) => (
          <DataTable
            columns={["Case", "Reason", "Placed", "Status", { hidden: "Actions" }]}
            caption="Legal holds"
          >
            {data.holds.map((hold) => (
              <tr key={hold.id}>
                <th scope="row">{hold.case_number}</th>
                <td>{hold.reason}</td>
                <td>
                  {hold.placed_by}, {formatTimestamp(hold.placed_at)}
                </td>
                <td>
                  {hold.released_at
                    ? `Released by ${hold.released_by ?? "?"}, ${formatTimestamp(hold.released_at)}`
                    : "Active"}
                </td>
                <td>
                  {!hold.released_at && (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy}
                      aria-label={`Release the hold on ${hold.case_number}`}
                      onClick={() =>
                        void run(async () => {
                          await releaseLegalHold(hold.id);
                          return `The hold on ${hold.case_number} is released: its records follow retention again.`;
                        })
                      }
                    >
                      Release
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </div>
  );
}
