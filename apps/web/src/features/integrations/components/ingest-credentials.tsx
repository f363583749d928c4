import { MESSAGES, type TAxisIngestCredentials } from "@odin/contract";
import { Button, CopyableValue, Notice } from "@/components/ui";

/** The push URL and the ingest token, shown once after a create or a rotation. */
export function IngestCredentials({
  credentials,
  onDone,
}: {
  credentials: TAxisIngestCredentials;
  onDone: () => void;
}) {
  return (
    <Notice tone="success" title={credentials.message}>
      <CopyableValue label="Push URL" value={credentials.push_url} copyLabel="Copy the push url" />
      <CopyableValue
        label="Ingest token"
        value={credentials.ingest_token}
        copyLabel="Copy the ingest token"
      />
      <p>
        <strong>{MESSAGES.copyTokenNow}</strong> Odin keeps only a fingerprint of the token; if it is lost,
        rotate it and enter the new one in the camera.
      </p>
      <Button size="sm" variant="secondary" onClick={onDone}>
        I have copied it
      </Button>
    </Notice>
  );
}
