import type { TAuditLogEntry } from "@odin/contract";
import { formatTimestamp, orNotAvailable } from "@/lib/format";
import { formatAction, formatPrograms, parseQueryParameters } from "../audit-entry";

/**
 * One page of the audit log (001 §3): who searched, for what and why, when, and in which programs;
 * the Action column tells searches from the exports and admin actions Odin records too.
 */
export function AuditTable({ logs, busy }: { logs: TAuditLogEntry[]; busy: boolean }) {
  return (
    <div className="table-wrap" aria-busy={busy || undefined}>
      <table className="table audit-table">
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Agency</th>
            <th scope="col">Action</th>
            <th scope="col">Plate</th>
            <th scope="col">State</th>
            <th scope="col">Color</th>
            <th scope="col">Make</th>
            <th scope="col">Body Type</th>
            <th scope="col">Justification</th>
            <th scope="col">Timestamp</th>
            <th scope="col">Programs Queried</th>
          </tr>
        </thead>
        <tbody>
          {logs.map((log, index) => {
            const query = parseQueryParameters(log.query_parameters);
            return (
              // Rows have no id; a page's order is fixed (newest first), so the position is stable.
              <tr key={`${log.timestamp}-${index}`}>
                <td>{log.user}</td>
                <td>{orNotAvailable(log.user_agency)}</td>
                <td>{orNotAvailable(formatAction(query.action))}</td>
                <td className="audit-table__plate">{orNotAvailable(query.plate?.toUpperCase())}</td>
                <td>{orNotAvailable(query.plate_state)}</td>
                <td>{orNotAvailable(query.vehicle_color)}</td>
                <td>{orNotAvailable(query.vehicle_make)}</td>
                <td>{orNotAvailable(query.vehicle_body_type)}</td>
                <td className="audit-table__justification">{orNotAvailable(query.justification)}</td>
                <td className="audit-table__time">{formatTimestamp(log.timestamp)}</td>
                <td>{orNotAvailable(formatPrograms(log.programs_queried))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
