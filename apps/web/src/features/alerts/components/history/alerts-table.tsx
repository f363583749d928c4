import { ALERT_DISPOSITION_LABELS, MESSAGES, shortMatchRule, type TAlert } from "@odin/contract";
import type { KeyboardEvent } from "react";
import { DataTable, EmptyState, Plate, ProxiedImage, SourceLogo } from "@/components/ui";
import { formatUtcNaive, orNotAvailable } from "@/lib/format";
import { alertImageSrc } from "./alert-format";

/** The spec's columns, then Odin's own: the disposition and whether someone acknowledged the alert. */
const COLUMNS = [
  "Source",
  "Plate",
  "State",
  "Agency",
  "Camera",
  "Timestamp",
  "Vehicle Image",
  "Reason",
  "Disposition",
  "Acknowledged",
];

export interface AlertsTableProps {
  alerts: TAlert[];
  /** Alerts that just arrived live: highlighted for a moment. */
  freshIds: ReadonlySet<number>;
  onOpen: (alert: TAlert) => void;
}

/**
 * A group's alerts (001 §2), newest first (on screens up to 640 px wide each row is a card: alerts.css): a click or Enter on a row opens the alert. Thumbnails load
 * as they come within 300 px of the viewport; a missing or failing one reads 'No Image'.
 */
export function AlertsTable({ alerts, freshIds, onOpen }: AlertsTableProps) {
  if (alerts.length === 0) {
    return (
      <EmptyState
        title={MESSAGES.noAlertsForGroup}
        description="Alerts appear here as soon as a camera reads one of the group's plates."
      />
    );
  }
  const openOnKey = (event: KeyboardEvent, alert: TAlert) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onOpen(alert);
    }
  };
  return (
    <DataTable columns={COLUMNS} className="table--clickable alerts-table" label="Alerts">
      {alerts.map((alert) => (
        <tr
          key={alert.id}
          className={
            [freshIds.has(alert.id) ? "is-new" : "", alert.acknowledged_at ? "" : "is-unread"]
              .filter(Boolean)
              .join(" ") || undefined
          }
          tabIndex={0}
          onClick={() => onOpen(alert)}
          onKeyDown={(event) => openOnKey(event, alert)}
        >
          <td className="alerts-table__source" data-label="Source">
            <SourceLogo source={alert.source_program} size="sm" />
          </td>
          <td className="alerts-table__plate" data-label="Plate">
            <Plate>{alert.plate}</Plate>
            {shortMatchRule(alert.match_rule) && (
              <span className="alerts-table__rule">{shortMatchRule(alert.match_rule)}</span>
            )}
          </td>
          <td className="alerts-table__state" data-label="State">
            {orNotAvailable(alert.state)}
          </td>
          <td className="alerts-table__agency" data-label="Agency">
            {orNotAvailable(alert.agency)}
          </td>
          <td className="alerts-table__camera" data-label="Camera">
            {orNotAvailable(alert.camera)}
          </td>
          <td className="alerts-table__time" data-label="Timestamp">
            {formatUtcNaive(alert.timestamp)}
          </td>
          <td className="alerts-table__image-cell">
            <ProxiedImage
              src={alertImageSrc(alert)}
              alt={`Vehicle ${alert.plate}`}
              lazy
              className="alerts-table__image"
              fallback={MESSAGES.noImage}
            />
          </td>
          <td className="alerts-table__reason" data-label="Reason">
            {orNotAvailable(alert.justification)}
          </td>
          <td className="alerts-table__disposition" data-label="Disposition">
            {alert.disposition ? ALERT_DISPOSITION_LABELS[alert.disposition] : "—"}
          </td>
          <td className="alerts-table__ack" data-label="Acknowledged">
            {alert.acknowledged_by ?? "Unread"}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
