import { EXPORT_RECORDS_LIMIT, MESSAGES, ZExportRequest, type TSearchResult } from "@odin/contract";
import { useState } from "react";
import { CaseFields, Field, toCaseFieldsRequest, type CaseFieldValues, TextArea } from "@/components/forms";
import { Button, Modal, Notice, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { getAppConfig } from "@/lib/config";
import { maxLengthOf } from "@/lib/forms/limits";
import { exportResults, saveFile, type ExportKind } from "../api/export";

const JUSTIFICATION_MAX = maxLengthOf(ZExportRequest.shape.justification);
export interface ExportDialogProps {
  /** Which export the person asked for; null when the dialog is closed. */
  kind: ExportKind | null;
  selected: TSearchResult[];
  /** The search's justification, offered as the export's (the person may change it). */
  defaultJustification: string;
  /** The search's case number and offense category (issue 23), offered as the export's. */
  defaultCaseFields?: Partial<CaseFieldValues>;
  onClose: () => void;
}

const LABELS: Record<ExportKind, { title: string; failed: string; crashed: string; file: string }> = {
  pdf: {
    title: "Export PDF report",
    failed: MESSAGES.failedToGeneratePdf,
    crashed: MESSAGES.pdfExportError,
    file: "a PDF evidence report",
  },
  zip: {
    title: "Export ZIP",
    failed: MESSAGES.failedToGenerateZip,
    crashed: MESSAGES.zipExportError,
    file: "a ZIP of pictures, records and a manifest with checksums",
  },
};

/** The most records one export may hold, as the server says (issue 20 item 6). */
export function exportLimit(): number {
  return getAppConfig().exportMaxRecords ?? EXPORT_RECORDS_LIMIT;
}

/** What the dialog says when the selection is over the limit, before anything is sent. */
export const overLimitText = (selected: number, limit: number) =>
  `An export can hold at most ${limit.toLocaleString()} records; ${selected.toLocaleString()} are selected. Export the first ${limit.toLocaleString()} (newest first), or cancel and narrow the selection.`;

type Phase = { status: "idle" } | { status: "busy" } | { status: "failed"; message: string; detail?: string };

/**
 * Export (000 §2, §4, §5, §8): the justification is asked for every export (prefilled with the
 * search's), the overlay 'Please Wait While Odin Finishes Your Report' shows while the server works, the
 * file downloads when ready; failures keep the dialog open with the spec's message.
 */
export function ExportDialog({
  kind,
  selected: chosen,
  defaultJustification,
  defaultCaseFields,
  onClose,
}: ExportDialogProps) {
  const [justification, setJustification] = useState(defaultJustification);
  const [caseFields, setCaseFields] = useState<CaseFieldValues>({
    case_number: defaultCaseFields?.case_number ?? "",
    offense_category: defaultCaseFields?.offense_category ?? "",
  });
  const [phase, setPhase] = useState<Phase>({ status: "idle" });
  if (!kind) return null;
  const labels = LABELS[kind];
  // Over the server's limit: say so now and offer the first N (the results' own order, newest first).
  const limit = exportLimit();
  const overLimit = chosen.length > limit;
  const selected = overLimit ? chosen.slice(0, limit) : chosen;

  const submit = async () => {
    if (selected.length === 0)
      return setPhase({ status: "failed", message: MESSAGES.selectAtLeastOneResult });
    if (!justification.trim()) return setPhase({ status: "failed", message: MESSAGES.justificationRequired });
    setPhase({ status: "busy" });
    try {
      const { blob, filename } = await exportResults(
        kind,
        selected,
        justification.trim(),
        toCaseFieldsRequest(caseFields),
      );
      saveFile(blob, filename);
      setPhase({ status: "idle" });
      onClose();
    } catch (error) {
      setPhase(
        isApiError(error) && error.status >= 400
          ? { status: "failed", message: labels.failed, detail: error.message }
          : {
              status: "failed",
              message: labels.crashed,
              ...(isApiError(error) ? { detail: error.message } : {}),
            },
      );
    }
  };

  if (phase.status === "busy") {
    return (
      <Modal open title={MESSAGES.exportInProgress} onClose={onClose} size="sm" dismissible={false}>
        <div className="export-progress">
          <Spinner size="lg" label="Making the report" hideLabel />
          <p>
            {selected.length.toLocaleString()} {selected.length === 1 ? "record" : "records"}: Odin fetches
            every picture again from its source and puts {labels.file} together. The download starts when it
            is ready.
          </p>
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={labels.title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()}>
            {overLimit ? "Export first " : "Export "}
            {selected.length.toLocaleString()}
          </Button>
        </>
      }
    >
      <form
        className="export-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {overLimit ? (
          <Notice tone="warning">{overLimitText(chosen.length, limit)}</Notice>
        ) : (
          <p className="export-form__lead">
            {selected.length.toLocaleString()} selected {selected.length === 1 ? "result" : "results"} as{" "}
            {labels.file}.
          </p>
        )}
        <Field
          label="Justification"
          name="justification"
          required
          hint="Printed in the report and recorded in the audit log with this export."
        >
          <TextArea
            rows={3}
            maxLength={JUSTIFICATION_MAX}
            value={justification}
            onValue={setJustification}
            required
          />
        </Field>
        <CaseFields
          values={caseFields}
          onChange={(patch) => setCaseFields((current) => ({ ...current, ...patch }))}
        />
        {phase.status === "failed" && (
          <Notice tone="danger" title={phase.message}>
            {phase.detail && phase.detail !== phase.message ? <p>{phase.detail}</p> : null}
          </Notice>
        )}
      </form>
    </Modal>
  );
}
