import { useState } from "react";
import { Button } from "@/components/ui";

/** Copies a text to the clipboard; where the browser refuses, the text stays selectable on screen. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" aria-label={label} onClick={() => void copy()}>
      {copied ? "Copied" : "Copy"}
    </Button>
  );
}
