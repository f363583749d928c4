import { API_KEY_CSV_COLUMNS, MESSAGES } from "@odin/contract";
import { CsvUploadCard } from "@/components/forms";
import { uploadApiKeys } from "../api/rekor-keys";

/** The spec names no message for a failed key upload: Odin's, in the words of its siblings. */
export const ERROR_UPLOADING_API_KEYS = "Error uploading API keys.";

/** Bulk CSV upload of Rekor keys (001 §2); rows the server rejects are listed by line. */
export function ApiKeyUpload({ onUploaded }: { onUploaded: () => void }) {
  return (
    <CsvUploadCard
      submitLabel="Upload Keys"
      failedTitle={ERROR_UPLOADING_API_KEYS}
      uploadedMessage={MESSAGES.apiKeysUploaded}
      upload={uploadApiKeys}
      onUploaded={onUploaded}
    >
      <p className="text-muted">
        A CSV file with a header row naming the columns <code>{API_KEY_CSV_COLUMNS.join(", ")}</code>, one key
        per row.
      </p>
    </CsvUploadCard>
  );
}
