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
