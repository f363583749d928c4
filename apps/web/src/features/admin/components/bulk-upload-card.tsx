import { MESSAGES, USER_CSV_COLUMNS } from "@odin/contract";
import { getIdentitySettings } from "@/lib/config";
import { useState } from "react";
import { CsvUploadCard } from "@/components/forms";
import { Button, Notice } from "@/components/ui";
import { downloadUserTemplate, uploadUsers } from "../api/user-csv";

/**
 * Bulk CSV upload of users (001 §2) with the template download. Rows the server rejects are listed by
 * line, whether it refused the whole file ('Error uploading users.' with `details`) or added the rest.
 */
export function BulkUploadCard({ onUploaded }: { onUploaded: () => void }) {
  // Issue 34: the agency's identity provider keeps passwords: no password column, an optional subject.
  const { passwords } = getIdentitySettings();
  const columns = passwords
    ? [...USER_CSV_COLUMNS]
    : [...USER_CSV_COLUMNS.filter((column) => column !== "password"), "idp_subject"];
  const [template, setTemplate] = useState<"idle" | "busy" | "failed">("idle");

  const download = async () => {
    setTemplate("busy");
    try {
      await downloadUserTemplate();
      setTemplate("idle");
    } catch {
      setTemplate("failed");
    }
  };

  return (
    <CsvUploadCard
      actions={
        <Button variant="secondary" size="sm" busy={template === "busy"} onClick={() => void download()}>
          Download template
        </Button>
      }
      submitLabel="Upload Users"
      failedTitle={MESSAGES.errorUploadingUsers}
      uploadedMessage={MESSAGES.usersUploaded}
      upload={uploadUsers}
      onUploaded={onUploaded}
    >
      <p className="text-muted">
        One user per row with the columns <code>{columns.join(", ")}</code>. Role is admin or user (user when
        blank).{" "}
        {passwords
          ? ""
          : "No passwords: people sign in with your agency's identity provider; idp_subject may be left empty. "}
        Rows with a problem are listed by line.
      </p>
      {template === "failed" && <Notice tone="danger">{MESSAGES.failedToDownloadTemplate}</Notice>}
    </CsvUploadCard>
  );
}
