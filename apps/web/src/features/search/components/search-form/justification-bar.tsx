import { MESSAGES, ZSearchRequestFields } from "@odin/contract";
import { type Ref } from "react";
import { Field, Input, type InputProps } from "@/components/forms";
import { maxLengthOf } from "@/lib/forms/limits";
import { Button, Notice } from "@/components/ui";
import type { SubmitState } from "./use-search-submit";

export const JUSTIFICATION_HINT = "Recorded in the audit log with this search.";
const JUSTIFICATION_MAX = maxLengthOf(ZSearchRequestFields.shape.justification);

export interface JustificationFieldProps {
  justification: string;
  onJustificationChange: (justification: string) => void;
  inputRef: Ref<HTMLInputElement>;
  state: SubmitState;
}

/**
 * The required reason for the search. It sits right after the plate (issue 20 item 11: the two things
 * every search needs are the first two Tab stops), in the search form's first card.
 */
export function JustificationField({
  justification,
  onJustificationChange,
  inputRef,
  state,
}: JustificationFieldProps) {
  const missing = state.status === "invalid" && !justification.trim();
  return (
    <Field
      label="Justification"
      name="justification"
      required
      className="search-justification"
      hint={`Required. ${JUSTIFICATION_HINT}`}
    >
      <JustificationInput
        ref={inputRef}
        value={justification}
        onValue={onJustificationChange}
        aria-invalid={missing || undefined}
      />
    </Field>
  );
}

/** The justification's input (the search form's and a recent search's re-run): required, the contract's length. */
export function JustificationInput(props: InputProps) {
  return (
    <Input
      placeholder="Case number or reason for this search"
      maxLength={JUSTIFICATION_MAX}
      autoComplete="off"
      required
      {...props}
    />
  );
}

export interface SubmitBarProps {
  state: SubmitState;
  onClear: () => void;
}

/** The form's alert, and Search then Clear (the spec's order). */
export function SubmitBar({ state, onClear }: SubmitBarProps) {
  const busy = state.status === "busy";
  return (
    <div className="search-submit">
      <div className="search-submit__actions">
        <Button type="submit" busy={busy}>
          {busy ? "Searching..." : "Search"}
        </Button>
        <Button variant="secondary" onClick={onClear} disabled={busy}>
          Clear
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
