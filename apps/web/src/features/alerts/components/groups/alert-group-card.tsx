import { MESSAGES, type TAlertGroupListItem } from "@odin/contract";
import { useId } from "react";
import { Link } from "react-router-dom";
import { buttonClassName } from "@/components/ui";
import { formatUtcNaive, utcNaiveToIso } from "@/lib/format";
import { GroupImage } from "./group-image";

/** One card of My Alert Groups (001 §2): the latest alert's image, the name, the last alert, View Alerts. */
export function AlertGroupCard({ group }: { group: TAlertGroupListItem }) {
  const titleId = useId();
  return (
    <li>
      <article className="alert-group-card" aria-labelledby={titleId}>
        <GroupImage src={group.latest_image_url} name={group.name} />
        <div className="alert-group-card__body">
          <h2 id={titleId} className="alert-group-card__name">
            {group.name}
          </h2>
          {group.last_alert ? (
            <p className="alert-group-card__last">
              <span className="alert-group-card__label">{MESSAGES.lastAlert}</span>{" "}
              <time dateTime={utcNaiveToIso(group.last_alert)}>{formatUtcNaive(group.last_alert)}</time>
            </p>
          ) : (
            <p className="alert-group-card__last alert-group-card__last--none">{MESSAGES.noAlertsYet}</p>
          )}
          <div className="alert-group-card__actions">
            <Link
              to={`/alerts/group/${group.id}`}
              className={buttonClassName("primary", "sm")}
              aria-label={`${MESSAGES.viewAlerts}: ${group.name}`}
            >
              {MESSAGES.viewAlerts}
            </Link>
          </div>
        </div>
      </article>
    </li>
  );
}
