import { useState } from "react";
import { Button } from "./button";

/**
 * Copies a text to the clipboard; where the browser refuses, the text stays selectable on screen
 * (and with `failureHint`, a hint says so next to the button).
 */
export function CopyButton({
  text,
  label,
  failureHint = false,
}: {
  text: string;
  label: string;
  failureHint?: boolean;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      {/* The name starts with the visible word (WCAG 2.5.3): "Copy the push URL", then "Copied the push URL". */}
      <Button
        variant="secondary"
        size="sm"
        aria-label={copied ? label.replace(/^Copy\b/, "Copied") : label}
        onClick={() => void copy()}
      >
        {copied ? "Copied" : "Copy"}
      </Button>
      {failureHint && copied === false && (
        <span className="field__hint">Copying failed: select the text and copy it.</span>
      )}
    </>
  );
}

/**
 * One value to copy elsewhere (a push URL, a token, a base URL): its label, the value as selectable code
 * (it stays on screen if copying fails), and a Copy button named `copyLabel`.
 */
export function CopyableValue({
  label,
  value,
  copyLabel = `Copy the ${label}`,
}: {
  label: string;
  value: string;
  copyLabel?: string;
}) {
  return (
    <div className="copyable">
      <span className="copyable__label">{label}</span>
      <code className="copyable__value" aria-label={label}>
        {value}
      </code>
      <CopyButton text={value} label={copyLabel} failureHint />
    </div>
  );
}
