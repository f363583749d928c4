import { TRANSPARENCY_NOT_FOUND, type TTransparencyPage } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router-dom";
import { QueryView } from "@/components/layouts/query-view";
import { MessagePage } from "@/components/layouts/message-page";
import { PageHeader, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { errorReason } from "@/lib/error-reason";
import { formatTimestamp } from "@/lib/format";
import { transparencyQueries } from "../api/transparency";
import { TransparencySections } from "./transparency-sections";

/**
 * Route /transparency/:code (Odin's own, issue 23 item 3): an agency's public transparency page, no
 * sign-in. An agency that publishes none (off, or no such agency) shows the same page.
 */
export function TransparencyScreen() {
  const code = useParams().code ?? "";
  const query = useQuery(transparencyQueries.page(code));

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
  if (query.isSuccess) return <TransparencyPage page={query.data} />;
  return (
    <>
      <PageHeader title="Transparency" eyebrow="Public information" />
      <QueryView
        query={query}
        loading={<Spinner label="Loading the transparency page…" />}
        failed={(error) => errorReason(error) ?? "The transparency page could not be loaded."}
      >
        {() => null}
      </QueryView>
    </>
  );
}

function TransparencyPage({ page }: { page: TTransparencyPage }) {
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
