import { DATE_TIME_TO_MINUTE as DATE_TIME } from "@/lib/format";

const TIME = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/**
 * "Locked until 14:35" beside a user whose sign-in lockout still holds (Odin's `locked_until`: five
 * failed sign-ins lock an account for LOCKOUT_MINUTES); the day too when it is not today. Nothing
 * for a user who is not locked, or a server that does not say.
 */
export function LockedBadge({ until, now = new Date() }: { until: string | null | undefined; now?: Date }) {
  if (!until) return null;
  const end = new Date(until);
  if (Number.isNaN(end.getTime()) || end <= now) return null;
  const sameDay = end.toDateString() === now.toDateString();
  const when = (sameDay ? TIME : DATE_TIME).format(end);
  return (
    <>
      {" "}
      <span
        className="badge badge--warning"
        title={`Failed sign-ins locked this account. It opens by itself at ${DATE_TIME.format(end)}, or use Unlock.`}
      >
        Locked until {when}
      </span>
    </>
  );
}
