import type { TBulkUploadResponse } from "@odin/contract";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button, Card, Notice } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { CHOOSE_CSV_FILE, describeRowIssue, isCsvFile, rejectedRows } from "@/lib/csv-report";
import { errorReason } from "@/lib/error-reason";
import { CsvFileField, useCsvFile } from "./csv-file-field";
import { NoticeList } from "./notice-list";

type UploadState =
  | { status: "idle" }
  | { status: "uploading" }
  | { status: "done"; message: string; rejected: string[] }
  | { status: "failed"; message: string; reason?: string; rejected: string[] };

export interface CsvUploadCardProps {
  /** What the file holds, and anything else shown above the form. */
  children: ReactNode;
  /** Buttons in the card's header, e.g. the template's download. */
  actions?: ReactNode;
  submitLabel: string;
  /** The title of a refused upload, e.g. 'Error uploading users.'. */
  failedTitle: string;
  /** The success text when the reply carries none, by the number of rows added. */
  uploadedMessage: (added: number) => string;
  upload: (file: File) => Promise<TBulkUploadResponse>;
  /** After an upload that added rows: the screen reloads its list. */
  onUploaded: () => void;
}

/**
 * The 'Bulk Upload' card of the administration screens (001 §2, §5): one CSV file, uploaded as is.
 * Rows the server rejects are listed by line, whether it refused the whole file or added the rest.
 */
export function CsvUploadCard(props: CsvUploadCardProps) {
  const { children, actions, submitLabel, failedTitle, uploadedMessage, upload, onUploaded } = props;
  const [state, setState] = useState<UploadState>({ status: "idle" });
  const csv = useCsvFile(() => setState({ status: "idle" }));
  const uploading = state.status === "uploading";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!csv.file || !isCsvFile(csv.file)) {
      setState({ status: "failed", message: CHOOSE_CSV_FILE, rejected: [] });
      return;
    }
    setState({ status: "uploading" });
    try {
      const reply = await upload(csv.file);
      setState({
        status: "done",
        message: reply.message || uploadedMessage(reply.added),
        rejected: reply.errors.map(describeRowIssue),
      });
      csv.clear();
      if (reply.added > 0) onUploaded();
    } catch (error) {
      setState({
        status: "failed",
        message: failedTitle,
        reason: errorReason(error),
        rejected: isApiError(error) ? rejectedRows(error) : [],
      });
    }
  };

  return (
    <Card title="Bulk Upload" actions={actions}>
      {children}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <CsvFileField choice={csv} disabled={uploading} className="admin-file-input" />
        <UploadReport state={state} />
        <div className="form-actions">
          <Button type="submit" busy={uploading} disabled={!csv.file}>
            {uploading ? "Uploading..." : submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function UploadReport({ state }: { state: UploadState }) {
  if (state.status === "done") {
    return (
      <>
        <Notice tone="success">{state.message}</Notice>
        {state.rejected.length > 0 && (
          <Notice tone="warning" title={`${state.rejected.length} row(s) were not added:`}>
            <RejectedRows rows={state.rejected} />
          </Notice>
        )}
      </>
    );
  }
  if (state.status !== "failed") return null;
  return (
    <Notice tone="danger" title={state.message}>
      {state.reason && state.reason !== state.message && <p>{state.reason}</p>}
      {state.rejected.length > 0 && <RejectedRows rows={state.rejected} />}
    </Notice>
  );
}

/** A long report scrolls inside its notice. */
const RejectedRows = ({ rows }: { rows: string[] }) => (
  <NoticeList items={rows} label="Rejected rows" className="admin-rejected-rows" />
);
