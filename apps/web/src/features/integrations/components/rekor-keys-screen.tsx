import { MESSAGES } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { useCurrentUser } from "@/lib/auth/current-user";
import { QueryView } from "@/components/layouts/query-view";
import { Card, EmptyState, PageHeader, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { useInvalidate } from "@/lib/query-client";
import { integrationKeys, integrationQueries } from "../api/queries";
import { AddApiKeyForm } from "./add-api-key-form";
import { ApiKeyUpload } from "./api-key-upload";
import { ApiKeysTable } from "./api-keys-table";
import { CameraHealthSection } from "./camera-health-section";
import { IntegrationsAccessDenied } from "./integrations-access-denied";

/** Route /integrations/rekor (001 §2): add a key, bulk upload, and the masked keys with Delete. */
export function RekorKeysScreen() {
  if (useCurrentUser()?.role !== "admin") return <IntegrationsAccessDenied />;
  return <RekorKeys />;
}

function RekorKeys() {
  // The last list stays on screen while it reloads after a change.
  const query = useQuery(integrationQueries.rekorKeys());
  const invalidate = useInvalidate();
  const reload = () => invalidate(integrationKeys.rekorKeys);

  if (isApiError(query.error, 403)) return <IntegrationsAccessDenied />;

  return (
    <>
      <PageHeader
        title={MESSAGES.manageRekor}
        eyebrow="Integrations"
        description="The Rekor Scout API keys Odin searches your agencies' Rekor cameras with."
        actions={<Link to="/api-keys">All integrations</Link>}
      />
      <div className="admin-grid">
        <AddApiKeyForm onAdded={reload} />
        <ApiKeyUpload onUploaded={reload} />
      </div>
      <Card
        title="API Keys"
        actions={query.isRefetching && query.isSuccess && <Spinner size="sm" label="Refreshing" hideLabel />}
      >
        <QueryView
          query={query}
          failed={() => MESSAGES.failedToFetchApiKeys}
          isEmpty={(keys) => keys.length === 0}
          empty={
            <EmptyState title="No API keys yet" description="Add your agency's first Rekor key above." />
          }
        >
          {(keys) => <ApiKeysTable keys={keys} onChanged={reload} />}
        </QueryView>
      </Card>
      <CameraHealthSection source="Rekor" />
    </>
  );
}
