import type { TAuditLogEntry } from "@odin/contract";
import { DataTable, Plate } from "@/components/ui";
import { formatTimestamp, orNotAvailable } from "@/lib/format";
import { vehicleLabel } from "@/lib/vehicle-labels";
import { formatAction, formatPrograms, parseQueryParameters } from "../audit-entry";

const COLUMNS = [
  "User",
  "Agency",
  "Action",
  "Plate",
  "State",
  "Color",
  "Make",
  "Body Type",
  "Justification",
  "Case",
  "Timestamp",
  "Programs Queried",
];

/**
 * One page of the audit log (001 §3): who searched, for what and why, when, and in which programs;
 * the Action column tells searches from the exports and admin actions Odin records too.
 */
export function AuditTable({ logs, busy }: { logs: TAuditLogEntry[]; busy: boolean }) {
  return (
    <DataTable columns={COLUMNS} className="audit-table" busy={busy} label="Audit log entries">
      {logs.map((log, index) => {
        const query = parseQueryParameters(log.query_parameters);
        return (
          // Rows have no id; a page's order is fixed (newest first), so the position is stable.
          <tr key={`${log.timestamp}-${index}`}>
            <td>{log.user}</td>
            <td>{orNotAvailable(log.user_agency)}</td>
            <td>{orNotAvailable(formatAction(query.action))}</td>
            <td className="audit-table__plate">
              {query.plate ? <Plate>{query.plate.toUpperCase()}</Plate> : orNotAvailable(query.plate)}
            </td>
            <td>{orNotAvailable(query.plate_state)}</td>
            <td>{vehicleLabel("color", query.vehicle_color)}</td>
            <td>{vehicleLabel("make", query.vehicle_make)}</td>
            <td>{vehicleLabel("body", query.vehicle_body_type)}</td>
            <td className="audit-table__justification">{orNotAvailable(query.justification)}</td>
            <td className="audit-table__case">
              {orNotAvailable([query.case_number, query.offense_category].filter(Boolean).join(" · "))}
            </td>
            <td className="audit-table__time">{formatTimestamp(log.timestamp)}</td>
            <td className="audit-table__programs">{orNotAvailable(formatPrograms(log.programs_queried))}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}
