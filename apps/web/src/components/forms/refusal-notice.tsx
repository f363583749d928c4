import { useId } from "react";
import { Notice } from "@/components/ui";

type Errors = Record<string, { message?: string } | undefined>;

export interface RefusalNoticeProps {
  /** The id the refused fields' `aria-describedby` names (see `useRefusal`). */
  id: string;
  /** The form's errors by field name (react-hook-form's `formState.errors`). */
  errors: Errors;
}

/**
 * A form's refusal shown once for the fields it covers, where the spec has one sentence for several
 * fields ('Agency and API key are required.'): each distinct message once, nothing when none.
 */
export function RefusalNotice({ id, errors }: RefusalNoticeProps) {
  const messages = [
    ...new Set(Object.values(errors).flatMap((error) => (error?.message ? [error.message] : []))),
  ];
  if (messages.length === 0) return null;
  return (
    <Notice tone="danger">
      <div id={id}>
        {messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </Notice>
  );
}

/**
 * A form's refusal shown once: `<RefusalNotice {...refusal.notice} />`, and on each field it covers
 * `<Field {...refusal.field(name)}>` (marked invalid and described by the notice when refused).
 */
export function useRefusal(errors: Errors) {
  const id = useId();
  return {
    notice: { id, errors },
    field: (name: string): { invalid: boolean; describedBy: string | undefined } => ({
      invalid: Boolean(errors[name]),
      describedBy: errors[name] ? id : undefined,
    }),
  };
}
