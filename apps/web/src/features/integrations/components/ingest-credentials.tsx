import { MESSAGES, type TAxisIngestCredentials } from "@odin/contract";
import { useState } from "react";
import { Button, Notice } from "@/components/ui";

/** One value to enter in the camera, with a Copy button (the text stays selectable if copying fails). */
function CopyableValue({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="copyable">
      <span className="copyable__label">{label}</span>
      <code className="copyable__value" aria-label={label}>
        {value}
      </code>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void copy()}
        aria-label={`${copied ? "Copied" : "Copy"} the ${label.toLowerCase()}`}
      >
        {copied ? "Copied" : "Copy"}
      </Button>
      {copied === false && <span className="field__hint">Copying failed: select the text and copy it.</span>}
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
