import { MESSAGES, type TRekorApiKey } from "@odin/contract";
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { useCurrentUser } from "@/app/current-user";
import { LoadFailed } from "@/components/layouts/load-failed";
import { Card, EmptyState, PageHeader, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { useQuery } from "@/lib/use-query";
import { getApiKeys } from "../api/rekor-keys";
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
  const query = useQuery(getApiKeys);
  // The last list stays on screen while it reloads after a change.
  const [keys, setKeys] = useState<TRekorApiKey[] | null>(null);
  useEffect(() => {
    if (query.status === "success") setKeys(query.data);
  }, [query.status, query.data]);

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
        <AddApiKeyForm onAdded={query.reload} />
        <ApiKeyUpload onUploaded={query.reload} />
      </div>
      <Card
        title="API Keys"
        actions={query.status === "loading" && keys && <Spinner size="sm" label="Refreshing" hideLabel />}
      >
        {query.status === "error" && (
          <LoadFailed onRetry={query.reload}>{MESSAGES.failedToFetchApiKeys}</LoadFailed>
        )}
        {query.status === "loading" && !keys && <Spinner label={MESSAGES.loading} />}
        {query.status !== "error" && keys?.length === 0 && (
          <EmptyState title="No API keys yet" description="Add your agency's first Rekor key above." />
        )}
        {query.status !== "error" && keys && keys.length > 0 && (
          <ApiKeysTable keys={keys} onChanged={query.reload} />
        )}
      </Card>
      <CameraHealthSection source="Rekor" />
    </>
  );
}
