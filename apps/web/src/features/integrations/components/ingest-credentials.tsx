import { MESSAGES, type TAxisIngestCredentials } from "@odin/contract";
import { Button, Notice } from "@/components/ui";
import { CopyButton } from "@/components/ui";

/** One value to enter in the camera, with a Copy button (the text stays selectable if copying fails). */
function CopyableValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="copyable">
      <span className="copyable__label">{label}</span>
      <code className="copyable__value" aria-label={label}>
        {value}
      </code>
      <CopyButton text={value} label={`Copy the ${label.toLowerCase()}`} failureHint />
    </div>
  );
}

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
      <CopyableValue label="Push URL" value={credentials.push_url} />
      <CopyableValue label="Ingest token" value={credentials.ingest_token} />
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
