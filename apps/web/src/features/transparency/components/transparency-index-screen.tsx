import { Link } from "react-router-dom";
import { LoadFailed } from "@/components/layouts/load-failed";
import { Card, EmptyState, PageHeader, Spinner } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { useQuery } from "@/lib/use-query";
import { getPublishedAgencies } from "../api/transparency";

/** Route /transparency (Odin's own, issue 23): the agencies that publish how they use Odin. No sign-in. */
export function TransparencyIndexScreen() {
  const query = useQuery(getPublishedAgencies);
  return (
    <>
      <PageHeader
        title="Transparency"
        eyebrow="Public information"
        description="Agencies using Odin publish here which cameras they run, what they keep and for how long, how often they search, and who they share with."
      />
      <Card title="Agencies that publish a transparency page">
        {query.status === "loading" && <Spinner label="Loading the agencies…" />}
        {query.status === "error" && (
          <LoadFailed onRetry={query.reload}>
            {errorReason(query.error) ?? "The list could not be loaded."}
          </LoadFailed>
        )}
        {query.status === "success" && query.data.agencies.length === 0 && (
          <EmptyState
            title="No agency publishes a page yet"
            description="An agency's administrator turns its page on in Odin's administration."
          />
        )}
        {query.status === "success" && query.data.agencies.length > 0 && (
          <ul className="transparency-index">
            {query.data.agencies.map((agency) => (
              <li key={agency.code}>
                <Link to={`/transparency/${encodeURIComponent(agency.code)}`}>{agency.name}</Link>{" "}
                <span className="text-muted">({agency.code})</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
