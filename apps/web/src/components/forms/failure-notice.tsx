import { Notice } from "@/components/ui";
import { NoticeList } from "./notice-list";

export interface FailureNoticeProps {
  /** A heading above the message (e.g. "Error creating group"). */
  title?: string;
  message?: string | null;
  details: readonly string[];
}

/** A refused form: the message, then the server's details one per line. */
export function FailureNotice({ title, message, details }: FailureNoticeProps) {
  return (
    <Notice tone="danger" title={title}>
      {message}
      {details.length > 0 && <NoticeList items={details} />}
    </Notice>
  );
}
