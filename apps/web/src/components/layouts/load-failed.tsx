import { Button, Notice, type NoticeProps } from "@/components/ui";

export type LoadFailedProps = Omit<NoticeProps, "tone"> & { onRetry: () => void };

/** A list or a record that did not load: why, in a danger notice, and a way to ask again. */
export function LoadFailed({ onRetry, ...notice }: LoadFailedProps) {
  return (
    <>
      <Notice tone="danger" {...notice} />
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </>
  );
}
