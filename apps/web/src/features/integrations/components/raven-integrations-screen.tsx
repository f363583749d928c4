import { MESSAGES, type TAxisIngestCredentials } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";
import { useCurrentUser } from "@/lib/auth/current-user";
import { QueryView } from "@/components/layouts/query-view";
import { Card, EmptyState, Notice, PageHeader, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { useInvalidate } from "@/lib/query-client";
import { integrationKeys, integrationQueries } from "../api/queries";
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
  // The last list stays on screen while it reloads after a change.
  const query = useQuery(integrationQueries.axisIntegrations());
  const data = query.data;
  const [credentials, setCredentials] = useState<TAxisIngestCredentials | null>(null);
  const invalidate = useInvalidate();
  const reload = () => invalidate(integrationKeys.axisIntegrations);

  if (isApiError(query.error, 403)) return <IntegrationsAccessDenied />;
  const silent = data?.integrations.filter((item) => item.health.state === "silent").length ?? 0;
  const showCredentials = (next: TAxisIngestCredentials) => {
    setCredentials(next);
    reload();
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
        actions={query.isRefetching && query.isSuccess && <Spinner size="sm" label="Refreshing" hideLabel />}
      >
        <QueryView
          query={query}
          failed={() => MESSAGES.failedToLoadAxisIntegrations}
          isEmpty={(loaded) => loaded.integrations.length === 0}
          empty={
            <EmptyState title="No RAVEN cameras yet" description="Add your agency's first camera above." />
          }
        >
          {(loaded) => (
            <RavenIntegrationsTable
              integrations={loaded.integrations}
              onChanged={reload}
              onCredentials={showCredentials}
            />
          )}
        </QueryView>
      </Card>
    </>
  );
}
