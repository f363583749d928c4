import { MESSAGES } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { useCurrentUser } from "@/lib/auth/current-user";
import { PageHeader } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { useInvalidate } from "@/lib/query-client";
import { integrationKeys, integrationQueries } from "../api/queries";
import { AxonAgencyLists } from "./axon-agency-lists";
import { AxonIntegrationCard } from "./axon-integration-card";
import { IntegrationsAccessDenied } from "./integrations-access-denied";

/** Route /integrations/axon (001 §2): the integration (form or view) and the two agency lists. */
export function AxonIntegrationScreen() {
  if (useCurrentUser()?.role !== "admin") return <IntegrationsAccessDenied />;
  return <AxonIntegration />;
}

function AxonIntegration() {
  const integration = useQuery(integrationQueries.axonIntegration());
  const agencies = useQuery(integrationQueries.axonAgencies());
  const invalidate = useInvalidate();
  if (isApiError(integration.error, 403) || isApiError(agencies.error, 403))
    return <IntegrationsAccessDenied />;

  return (
    <>
      <PageHeader
        title={MESSAGES.manageAxon}
        eyebrow="Integrations"
        description="Your agency's Axon connection and the agencies whose Axon reads your searches include."
        actions={<Link to="/api-keys">All integrations</Link>}
      />
      <AxonIntegrationCard
        query={integration}
        onChanged={() => {
          invalidate(integrationKeys.axonIntegration);
          invalidate(integrationKeys.axonAgencies);
        }}
      />
      <AxonAgencyLists query={agencies} />
    </>
  );
}
