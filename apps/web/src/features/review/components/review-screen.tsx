import { REVIEW_RULES, REVIEW_THRESHOLDS, ZMarkReviewedRequest, type TReviewFlag } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Field, Input } from "@/components/forms";
import { useCurrentUser } from "@/lib/auth/current-user";
import { MessagePage } from "@/components/layouts/message-page";
import { QueryView } from "@/components/layouts/query-view";
import { Button, Card, DataTable, EmptyState, Notice, PageHeader, Plate, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { formatTimestamp, orNotAvailable } from "@/lib/format";
import { maxLengthOf } from "@/lib/forms/limits";
import { useInvalidate } from "@/lib/query-client";

const NOTE_MAX = maxLengthOf(ZMarkReviewedRequest.shape.note);
import { markReviewed, reviewFlagsQuery, reviewKeys } from "../api/review";

const RULE_LABELS = Object.fromEntries(REVIEW_RULES.map((rule) => [rule.value, rule.label]));

/**
 * Supervisor review (issue 23 item 2), for admins and users with the auditor flag: what in the last
 * 30 days deserves a second look, each with the rule that raised it; each is marked reviewed with a note.
 */
export function ReviewScreen() {
  const user = useCurrentUser();
  if (user && user.role !== "admin" && !user.auditor) {
    return (
      <MessagePage title="Access Denied" tone="danger">
        The review screen is for your agency&apos;s admins and auditors.
      </MessagePage>
    );
  }
  return <Review />;
}

function Review() {
  const query = useQuery(reviewFlagsQuery());
  const invalidate = useInvalidate();
  const reload = () => invalidate(reviewKeys.flags);
  return (
    <>
      <PageHeader
        title="Supervisor Review"
        eyebrow="Accountability"
        description={`Searches and exports of the last 30 days that deserve a second look. A day of ${REVIEW_THRESHOLDS.volumeMinimum}+ searches and ${REVIEW_THRESHOLDS.volumeFactor}× the user's usual; a plate searched ${REVIEW_THRESHOLDS.repeatedPlate}+ times without a case; exports of ${REVIEW_THRESHOLDS.largeExport}+ records.`}
      />
      <QueryView
        query={query}
        loading={<Spinner label="Loading" />}
        failedTitle="The review list could not be loaded."
        failed={(error) => isApiError(error) && <p>{error.message}</p>}
      >
        {(data) => {
          const open = data.flags.filter((flag) => !flag.reviewed);
          const done = data.flags.filter((flag) => flag.reviewed);
          return (
            <>
              <Card title={`To review (${open.length})`}>
                {open.length === 0 ? (
                  <EmptyState
                    title="Nothing to review"
                    description="No rule raised anything in the last 30 days."
                  />
                ) : (
                  <FlagTable flags={open} label="Flags to review" onMarked={reload} />
                )}
              </Card>
              {done.length > 0 && (
                <Card title={`Reviewed (${done.length})`}>
                  <FlagTable flags={done} label="Reviewed flags" onMarked={reload} />
                </Card>
              )}
            </>
          );
        }}
      </QueryView>
    </>
  );
}

function FlagTable({
  flags,
  label,
  onMarked,
}: {
  flags: TReviewFlag[];
  label: string;
  onMarked: () => void;
}) {
  return (
    <DataTable
      columns={["Rule", "User", "When", "Plate", "Why", "Review"]}
      label={label}
      className="review-table"
    >
      {flags.map((flag) => (
        <tr key={flag.key}>
          <td>{RULE_LABELS[flag.rule]}</td>
          <td>{flag.user}</td>
          <td>{formatTimestamp(flag.occurred_at)}</td>
          <td>{flag.plate ? <Plate>{flag.plate}</Plate> : orNotAvailable(flag.plate)}</td>
          <td>{flag.reason}</td>
          <td>
            {flag.reviewed ? (
              <span>
                {flag.reviewed.by}, {formatTimestamp(flag.reviewed.at)}: {flag.reviewed.note}
              </span>
            ) : (
              <MarkReviewed flag={flag} onMarked={onMarked} />
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function MarkReviewed({ flag, onMarked }: { flag: TReviewFlag; onMarked: () => void }) {
  const [note, setNote] = useState("");
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const submit = async () => {
    if (!note.trim()) return setState({ busy: false, error: "A note is required." });
    setState({ busy: true, error: null });
    try {
      await markReviewed(flag.key, note.trim());
      onMarked();
    } catch (error) {
      setState({ busy: false, error: isApiError(error) ? error.message : "Could not mark it reviewed." });
    }
  };
  return (
    <form
      className="review-mark"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field label={`Review note for ${flag.user}, ${RULE_LABELS[flag.rule]}`} name="note" hideLabel>
        <Input value={note} onValue={setNote} placeholder="Note" maxLength={NOTE_MAX} />
      </Field>
      <Button type="submit" size="sm" busy={state.busy}>
        Mark reviewed
      </Button>
      {state.error && <Notice tone="danger">{state.error}</Notice>}
    </form>
  );
}
