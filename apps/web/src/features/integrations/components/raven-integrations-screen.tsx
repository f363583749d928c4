import { MESSAGES, type TAxisIngestCredentials, type TAxisIntegrationsResponse } from "@odin/contract";
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { useCurrentUser } from "@/app/current-user";
import { LoadFailed } from "@/components/layouts/load-failed";
import { Card, EmptyState, Notice, PageHeader, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { useQuery } from "@/lib/use-query";
import { getAxisIntegrations } from "../api/axis-integrations";
import { AddRavenCameraForm } from "./add-raven-camera-form";
import { ConfigureCameraPanel } from "./configure-camera-panel";
import { IngestCredentials } from "./ingest-credentials";
import { IntegrationsAccessDenied } from "./integrations-access-denied";
import { RavenIntegrationsTable } from "./raven-integrations-table";

/** Route /integrations/raven (Odin's own): onboard RAVEN (Axis LPV) cameras and watch their health. */
export function RavenIntegrationsScreen() {
  if (useCurrentUser()?.role !== "admin") return <IntegrationsAccessDenied />;
  return <RavenIntegrations />;
}

function RavenIntegrations() {
  const query = useQuery(getAxisIntegrations);
  // The last list stays on screen while it reloads after a change.
  const [data, setData] = useState<TAxisIntegrationsResponse | null>(null);
  const [credentials, setCredentials] = useState<TAxisIngestCredentials | null>(null);
  useEffect(() => {
    if (query.status === "success") setData(query.data);
  }, [query.status, query.data]);

  if (isApiError(query.error, 403)) return <IntegrationsAccessDenied />;
  const silent = data?.integrations.filter((item) => item.health.state === "silent").length ?? 0;
  const showCredentials = (next: TAxisIngestCredentials) => {
    setCredentials(next);
    query.reload();
  };

  return (
    <>
      <PageHeader
        title={MESSAGES.ravenTitle}
        eyebrow="Integrations"
        description="Connect your agency's AXIS License Plate Verifier cameras: each pushes its reads to Odin with its own token."
        actions={<Link to="/api-keys">All integrations</Link>}
      />
      {data && silent > 0 && (
        <Notice tone="warning" title={`${silent} silent`}>
          {MESSAGES.silentCameras(silent, data.silent_after_minutes)}
        </Notice>
      )}
      {credentials && <IngestCredentials credentials={credentials} onDone={() => setCredentials(null)} />}
      <div className="admin-grid">
        <AddRavenCameraForm agencies={data?.agencies ?? []} onCreated={showCredentials} />
        <ConfigureCameraPanel pushUrlTemplate={data?.push_url_template ?? null} />
      </div>
      <Card
        title="RAVEN integrations"
        actions={query.status === "loading" && data && <Spinner size="sm" label="Refreshing" hideLabel />}
      >
        {query.status === "error" && (
          <LoadFailed onRetry={query.reload}>{MESSAGES.failedToLoadAxisIntegrations}</LoadFailed>
        )}
        {query.status === "loading" && !data && <Spinner label={MESSAGES.loading} />}
        {query.status !== "error" && data?.integrations.length === 0 && (
          <EmptyState title="No RAVEN cameras yet" description="Add your agency's first camera above." />
        )}
        {query.status !== "error" && data && data.integrations.length > 0 && (
          <RavenIntegrationsTable
            integrations={data.integrations}
            onChanged={query.reload}
            onCredentials={showCredentials}
          />
        )}
      </Card>
    </>
  );
}
