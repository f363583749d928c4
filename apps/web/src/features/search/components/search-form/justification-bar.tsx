import { MESSAGES } from "@odin/contract";
import { useId, type Ref } from "react";
import { FieldLabel } from "@/components/forms";
import { Button, Notice } from "@/components/ui";
import type { SubmitState } from "./use-search-submit";

export const JUSTIFICATION_HINT = "Recorded in the audit log with this search.";

export interface JustificationBarProps {
  justification: string;
  onJustificationChange: (justification: string) => void;
  inputRef: Ref<HTMLInputElement>;
  state: SubmitState;
  onClear: () => void;
}

/** The required reason for the search, the form's alert, and Search / Clear. */
export function JustificationBar({
  justification,
  onJustificationChange,
  inputRef,
  state,
  onClear,
}: JustificationBarProps) {
  const id = useId();
  const busy = state.status === "busy";
  const missing = state.status === "invalid" && !justification.trim();
  return (
    <div className="search-submit">
      <div className="field search-submit__justification">
        <FieldLabel htmlFor={`${id}-justification`} required>
          Justification
        </FieldLabel>
        <input
          ref={inputRef}
          id={`${id}-justification`}
          className="input"
          value={justification}
          onChange={(event) => onJustificationChange(event.target.value)}
          placeholder="Case number or reason for this search"
          maxLength={2000}
          autoComplete="off"
          required
          aria-invalid={missing || undefined}
          aria-describedby={`${id}-hint`}
        />
      </div>
      <span id={`${id}-hint`} className="field__hint search-submit__hint">
        Required. {JUSTIFICATION_HINT}
      </span>
      <div className="search-submit__actions">
        <Button variant="secondary" onClick={onClear} disabled={busy}>
          Clear
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? "Searching..." : "Search"}
        </Button>
      </div>
      {state.status === "invalid" && (
        <div className="search-submit__alert">
          <Notice tone="danger">{state.message}</Notice>
        </div>
      )}
      {state.status === "failed" && (
        <div className="search-submit__alert">
          <Notice tone="danger" title={MESSAGES.searchFailed}>
            {state.details.map((detail) => (
              <p key={detail} className="search-submit__detail">
                {detail}
              </p>
            ))}
          </Notice>
        </div>
      )}
    </div>
  );
}
