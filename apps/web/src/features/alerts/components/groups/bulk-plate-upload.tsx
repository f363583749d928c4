import {
  BULK_PLATE_MODES,
  MESSAGES,
  PLATE_CSV_COLUMNS,
  REKOR_ALERT_LIST_COLUMNS,
  type BulkPlateMode,
} from "@odin/contract";
import { useId, useState, type FormEvent } from "react";
import { CsvFileField, NoticeList, useCsvFile } from "@/components/forms";
import { Button, Notice } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { isCsvFile, rejectedRows } from "@/lib/csv-report";
import { toError } from "@/lib/error-reason";
import { uploadPlatesCsv } from "../../api/groups";
import { downloadPlateTemplate } from "./plate-template";

export const CHOOSE_CSV = "Choose a CSV file to upload.";
export const NOT_A_CSV = "The file must be a CSV file (.csv).";

type UploadState =
  | { status: "idle" }
  | { status: "uploading" }
  | { status: "done"; message: string }
  | { status: "failed"; message: string; rejected: string[] };

/**
 * Bulk CSV plate upload (001 §2, §5): 'Add Plates' or 'Replace All Plates', a template built here from
 * the contract's columns, and a report of every rejected row. The server applies a file whole or not
 * at all, so a rejected file changes nothing.
 */
export function BulkPlateUpload({
  groupId,
  onUploaded,
}: {
  groupId: number;
  onUploaded: () => Promise<void>;
}) {
  const id = useId();
  const [state, setState] = useState<UploadState>({ status: "idle" });
  const csv = useCsvFile(() => setState({ status: "idle" }));
  const [mode, setMode] = useState<BulkPlateMode>("add");

  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = csv.file;
    if (!file)
      return setState({ status: "failed", message: MESSAGES.uploadFailed(CHOOSE_CSV), rejected: [] });
    if (!isCsvFile(file)) {
      return setState({ status: "failed", message: MESSAGES.uploadFailed(NOT_A_CSV), rejected: [] });
    }
    setState({ status: "uploading" });
    try {
      const reply = await uploadPlatesCsv(groupId, file, mode);
      const removed = reply.removed > 0 ? ` ${reply.removed} plate(s) replaced.` : "";
      setState({ status: "done", message: `${reply.message}${removed}` });
      csv.clear();
      await onUploaded();
    } catch (error) {
      // A detail that only repeats the error's own message (a bad header) is not listed again.
      const rejected = isApiError(error) ? rejectedRows(error) : [];
      setState({ status: "failed", message: MESSAGES.uploadFailed(toError(error).message), rejected });
    }
  };

  const uploading = state.status === "uploading";
  return (
    <form
      className="bulk-upload"
      aria-label="Bulk CSV upload"
      onSubmit={(event) => void upload(event)}
      noValidate
    >
      <fieldset className="bulk-upload__modes" disabled={uploading}>
        <legend className="field__label">Upload mode</legend>
        {BULK_PLATE_MODES.map((option) => (
          <label key={option.value} className="checkbox">
            <input
              type="radio"
              name={`${id}-mode`}
              value={option.value}
              checked={mode === option.value}
              onChange={() => {
                setMode(option.value);
                setState({ status: "idle" });
              }}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      {mode === "replace" && (
        <Notice tone="warning">
          Every plate now on this hotlist is removed and replaced by the file&apos;s plates.
        </Notice>
      )}
      <CsvFileField choice={csv} disabled={uploading} hint={<PlateCsvLayouts />} />
      {state.status === "done" && <Notice tone="success">{state.message}</Notice>}
      {state.status === "failed" && (
        <Notice tone="danger" title={state.message}>
          {state.rejected.length > 0 && (
            <>
              <p>No plates were changed. Fix these rows and upload the file again:</p>
              <NoticeList items={state.rejected} label="Rejected rows" />
            </>
          )}
        </Notice>
      )}
      <div className="form-actions">
        <Button type="submit" busy={uploading}>
          {uploading ? "Uploading..." : "Upload CSV"}
        </Button>
        <Button variant="secondary" onClick={downloadPlateTemplate}>
          Download template
        </Button>
      </div>
    </form>
  );
}

/** The two layouts the upload takes (docs/hotlist-csv.md), told apart by the header row. */
export function PlateCsvLayouts() {
  const columns = (names: readonly string[]) =>
    names.map((name, index) => (
      <span key={name}>
        {index > 0 && ", "}
        <code>{name}</code>
      </span>
    ));
  return (
    <>
      <p>Two layouts are accepted, each with a header row:</p>
      <ul className="bulk-upload__layouts">
        <li>
          Odin&apos;s template: {columns(PLATE_CSV_COLUMNS)} (only <code>plate_number</code> is required);
        </li>
        <li>
          Rekor Scout&apos;s alert-list CSV as it is: {columns(REKOR_ALERT_LIST_COLUMNS)} (the Description
          becomes the reason).
        </li>
      </ul>
      <p>
        Match strategy is Exact (the default) or Lenient, which also alerts on look-alike readings. Quote a
        cell that holds a comma or a quote, and write each quote inside it twice.
      </p>
    </>
  );
}
