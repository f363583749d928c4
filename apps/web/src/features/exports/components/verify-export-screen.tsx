import { SOURCE_PROGRAM_LABELS, SOURCE_PROGRAMS, type TExportVerification } from "@odin/contract";
import { useState, type FormEvent } from "react";
import { Field } from "@/components/forms";
import { Button, Card, Notice, PageHeader, Plate } from "@/components/ui";
import { toError } from "@/lib/error-reason";
import { verifyExport } from "../api/verify-export";

type State =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "done"; file: string; result: TExportVerification }
  | { status: "error"; message: string };

/**
 * Route /verify-export (Odin's own, issue 17): upload a report (PDF) or archive (ZIP) exported by Odin
 * and see whether it is exactly as Odin made it, and what its signature covers. The public keys are at
 * GET /export-keys; `pnpm odin verify-export <file>` makes the same check offline. Open to everyone,
 * signed in or not (issue 40 item 7: court staff, defence), linked from the footer and the PDF's cover.
 */
export function VerifyExportScreen() {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ status: "idle" });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setState({ status: "error", message: "Choose an exported PDF or ZIP file to check." });
      return;
    }
    setState({ status: "checking" });
    verifyExport(file).then(
      (result) => setState({ status: "done", file: file.name, result }),
      (error: unknown) => setState({ status: "error", message: toError(error).message }),
    );
  };

  return (
    <>
      <PageHeader
        title="Verify Export"
        description="Check that a report or archive exported by Odin has not been changed since it was made. No sign-in is needed: the check answers only what the file itself holds."
      />
      <Card>
        <form onSubmit={submit}>
          <Field label="Exported file (PDF or ZIP)" name="file">
            <input
              type="file"
              accept=".pdf,.zip,application/pdf,application/zip"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setState({ status: "idle" });
              }}
            />
          </Field>
          <div className="form-actions">
            <Button type="submit" busy={state.status === "checking"}>
              Check file
            </Button>
          </div>
        </form>
      </Card>
      {state.status === "error" && <Notice tone="danger">{state.message}</Notice>}
      {state.status === "done" && <VerificationResult file={state.file} result={state.result} />}
    </>
  );
}

function VerificationResult({ file, result }: { file: string; result: TExportVerification }) {
  return (
    <Card title="Result">
      {result.valid ? (
        <Notice tone="success" title="Valid">
          {file} is exactly as Odin exported it: its signature and the SHA-256 of its contents match.
        </Notice>
      ) : (
        <Notice tone="danger" title="Not valid">
          <p>{file} is not as Odin exported it, or was not exported by Odin.</p>
          <ul>
            {result.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Notice>
      )}
      {result.export_id && (
        <dl className="details-list">
          <dt>Export ID</dt>
          <dd>{result.export_id}</dd>
          <dt>Exported</dt>
          <dd>{result.exported_at ? new Date(result.exported_at).toLocaleString() : "N/A"}</dd>
          <dt>By</dt>
          <dd>
            {result.user ?? "N/A"}
            {result.agency ? ` (${result.agency})` : ""}
          </dd>
          <dt>Signing key</dt>
          <dd>{result.key_id ?? "N/A"}</dd>
          {result.signed_by && (
            <>
              <dt>Signed by (PDF signature)</dt>
              <dd>{result.signed_by}</dd>
            </>
          )}
          <dt>Records</dt>
          <dd>
            {result.record_count ?? "N/A"}
            {result.files !== null ? ` (${result.files} files listed in the manifest)` : ""}
          </dd>
        </dl>
      )}
      {result.records.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <caption>Records the signature covers</caption>
            <thead>
              <tr>
                <th scope="col">Plate</th>
                <th scope="col">Time (UTC)</th>
                <th scope="col">Source</th>
                <th scope="col">Record ID</th>
              </tr>
            </thead>
            <tbody>
              {result.records.map((record, index) => (
                <tr key={`${record.id}-${index}`}>
                  <td>
                    <Plate>{record.plate}</Plate>
                  </td>
                  <td>{record.timestamp ?? "N/A"}</td>
                  <td>{sourceLabel(record.source)}</td>
                  <td>{record.id}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/** A record's program as users see it everywhere (Axis is RAVEN); anything else as the file names it. */
function sourceLabel(source: string): string {
  const program = SOURCE_PROGRAMS.find((known) => known.toLowerCase() === source.toLowerCase());
  return program ? SOURCE_PROGRAM_LABELS[program] : source;
}
