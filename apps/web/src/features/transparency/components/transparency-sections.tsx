import { SOURCE_PROGRAM_LABELS, type TTransparencyPage } from "@odin/contract";
import { Card, DataTable } from "@/components/ui";

const RECORD_LABELS = { reads: "Plate reads", alerts: "Hotlist alerts", audit: "Audit log" } as const;
const keptFor = (row: NonNullable<TTransparencyPage["retention"]>[number]) => {
  if (row.record === "audit") return row.days === null ? "Indefinitely" : `At least ${row.days} days`;
  return row.days === null ? "Not stored" : `${row.days.toLocaleString("en-US")} days`;
};
const count = (value: number, one: string, many = `${one}s`) =>
  `${value.toLocaleString("en-US")} ${value === 1 ? one : many}`;

/** The sections an agency chose to publish, in the page's order. Every value is shown as text. */
export function TransparencySections({ page }: { page: TTransparencyPage }) {
  return (
    <div className="transparency">
      {page.cameras && (
        <Card title="Cameras by vendor">
          <DataTable
            columns={["Vendor", "Cameras", "Connected accounts"]}
            caption="Cameras and connected accounts per vendor"
          >
            {page.cameras.map((row) => (
              <tr key={row.source}>
                <th scope="row">{SOURCE_PROGRAM_LABELS[row.source]}</th>
                <td>{row.source === "Axon" ? "Patrol-car cameras (not counted)" : row.cameras}</td>
                <td>{row.integrations}</td>
              </tr>
            ))}
          </DataTable>
        </Card>
      )}
      {page.retention && (
        <Card title="What is kept, and for how long">
          <DataTable columns={["Record", "Source", "Kept", "How"]} caption="Retention per record and source">
            {page.retention.map((row) => (
              <tr key={`${row.record}-${row.source ?? "all"}`}>
                <th scope="row">{RECORD_LABELS[row.record]}</th>
                <td>{row.source ? SOURCE_PROGRAM_LABELS[row.source] : "All sources"}</td>
                <td>{keptFor(row)}</td>
                <td>{row.description}</td>
              </tr>
            ))}
          </DataTable>
        </Card>
      )}
      {page.hotlists && (
        <Card title="Hotlists">
          <p>
            {count(page.hotlists.groups, "active hotlist")} holding {count(page.hotlists.plates, "plate")}.
          </p>
          {page.hotlists.alerts_by_source.length === 0 ? (
            <p className="text-muted">No hotlist alerts in the last 30 days.</p>
          ) : (
            <DataTable
              columns={["Camera source", "Alerts in the last 30 days"]}
              caption="Hotlist alerts by source"
            >
              {page.hotlists.alerts_by_source.map((row) => (
                <tr key={row.source}>
                  <th scope="row">{SOURCE_PROGRAM_LABELS[row.source]}</th>
                  <td>{row.alerts.toLocaleString("en-US")}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </Card>
      )}
      {page.activity && (
        <Card title={`Searches and exports in the last ${page.activity.days} days`}>
          <dl className="transparency-figures">
            <div>
              <dt>Searches</dt>
              <dd>{page.activity.searches.toLocaleString("en-US")}</dd>
            </div>
            <div>
              <dt>With a case number</dt>
              <dd>{page.activity.searches_with_case_number.toLocaleString("en-US")}</dd>
            </div>
            <div>
              <dt>Exports</dt>
              <dd>{page.activity.exports.toLocaleString("en-US")}</dd>
            </div>
            <div>
              <dt>Records exported</dt>
              <dd>{page.activity.exported_records.toLocaleString("en-US")}</dd>
            </div>
          </dl>
          <p className="text-muted">Every search and export is recorded with the reason given for it.</p>
        </Card>
      )}
      {page.sharing && (
        <Card title="Agencies it shares with">
          {page.sharing.shares_with.length === 0 ? (
            <p>No other agency may search this agency's cameras.</p>
          ) : (
            <ul className="transparency-list">
              {page.sharing.shares_with.map((agency) => (
                <li key={agency.name}>
                  {agency.name}{" "}
                  <span className="text-muted">
                    ({agency.sources.map((source) => SOURCE_PROGRAM_LABELS[source]).join(", ")})
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
      {page.policy !== undefined && (
        <Card title="Policy">
          {page.policy ? (
            // Plain text: React escapes it; line breaks are kept by CSS, never by HTML.
            <div className="transparency-policy">{page.policy}</div>
          ) : (
            <p className="text-muted">The agency has not published its policy text yet.</p>
          )}
        </Card>
      )}
    </div>
  );
}
