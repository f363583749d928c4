import { TRANSPARENCY_NOT_FOUND } from "@odin/contract";
import { useCallback } from "react";
import { Link, useParams } from "react-router-dom";
import { LoadFailed } from "@/components/layouts/load-failed";
import { MessagePage } from "@/components/layouts/message-page";
import { PageHeader, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { errorReason } from "@/lib/error-reason";
import { formatTimestamp } from "@/lib/format";
import { useQuery } from "@/lib/use-query";
import { getTransparencyPage } from "../api/transparency";
import { TransparencySections } from "./transparency-sections";

/**
 * Route /transparency/:code (Odin's own, issue 23 item 3): an agency's public transparency page, no
 * sign-in. An agency that publishes none (off, or no such agency) shows the same page.
 */
export function TransparencyScreen() {
  const code = useParams().code ?? "";
  const fetchPage = useCallback(() => getTransparencyPage(code), [code]);
  const query = useQuery(fetchPage);

  if (isApiError(query.error, 404)) {
    return (
      <MessagePage title="No transparency page">
        <p>{TRANSPARENCY_NOT_FOUND}</p>
        <p>
          <Link to="/transparency">See the agencies that publish one</Link>
        </p>
      </MessagePage>
    );
  }
  if (query.status !== "success") {
    return (
      <>
        <PageHeader title="Transparency" eyebrow="Public information" />
        {query.status === "loading" ? (
          <Spinner label="Loading the transparency page…" />
        ) : (
          <LoadFailed onRetry={query.reload}>
            {errorReason(query.error) ?? "The transparency page could not be loaded."}
          </LoadFailed>
        )}
      </>
    );
  }
  const page = query.data;
  return (
    <>
      <PageHeader
        title={page.agency.name}
        eyebrow="Transparency"
        description={`How ${page.agency.name} uses licence-plate readers through Odin. Figures as of ${formatTimestamp(page.generated_at)}, counted from Odin's own records.`}
      />
      <TransparencySections page={page} />
      <p className="text-muted">
        <Link to="/transparency">Other agencies' transparency pages</Link>
      </p>
    </>
  );
}
