import { Notice } from "@/components/ui";
import { NoticeList } from "./notice-list";

/** A refused form: the message, then the server's details one per line. */
export function FailureNotice({ message, details }: { message: string; details: readonly string[] }) {
  return (
    <Notice tone="danger">
      {message}
      {details.length > 0 && <NoticeList items={details} />}
    </Notice>
  );
}
