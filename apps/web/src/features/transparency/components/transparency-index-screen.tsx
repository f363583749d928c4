import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { QueryView } from "@/components/layouts/query-view";
import { Card, EmptyState, PageHeader, Spinner } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { transparencyQueries } from "../api/transparency";

/** Route /transparency (Odin's own, issue 23): the agencies that publish how they use Odin. No sign-in. */
export function TransparencyIndexScreen() {
  const query = useQuery(transparencyQueries.index());
  return (
    <>
      <PageHeader
        title="Transparency"
        eyebrow="Public information"
        description="Agencies using Odin publish here which cameras they run, what they keep and for how long, how often they search, and who they share with."
      />
      <Card title="Agencies that publish a transparency page">
        <QueryView
          query={query}
          loading={<Spinner label="Loading the agencies…" />}
          failed={(error) => errorReason(error) ?? "The list could not be loaded."}
          isEmpty={(data) => data.agencies.length === 0}
          empty={
            <EmptyState
              title="No agency publishes a page yet"
              description="An agency's administrator turns its page on in Odin's administration."
            />
          }
        >
          {(data) => (
            <ul className="transparency-index">
              {data.agencies.map((agency) => (
                <li key={agency.code}>
                  <Link to={`/transparency/${encodeURIComponent(agency.code)}`}>{agency.name}</Link>{" "}
                  <span className="text-muted">({agency.code})</span>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
    </>
  );
}
