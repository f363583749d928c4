import type { TAlert } from "@odin/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router-dom";
import { Button, Card, Notice, PageHeader, Spinner } from "@/components/ui";
import { parseRouteId } from "../api/alerts";
import { alertKeys, alertQueries } from "../api/queries";
import { AlertDetails } from "./history/alert-details";
import { PlateReads } from "./history/plate-reads";

/** Not in the spec's catalogue: Odin's wording, after 'Group not found or failed to load.'. */
export const ALERT_NOT_FOUND = "Alert not found or failed to load.";

/** Route /alert-history-detail/{alertId} (001 §2): one alert as a page (GET /api/alerts/{id}). */
export interface AlertDetailScreenProps {
  /** Cards of other features under the alert, e.g. its webhook delivery log (composed in app/screens.tsx). */
  extraCards?: (alertId: number) => ReactNode;
}

export function AlertDetailScreen({ extraCards }: AlertDetailScreenProps) {
  const { alertId } = useParams();
  return <AlertPage key={alertId} alertId={parseRouteId(alertId)} extraCards={extraCards} />;
}

function AlertPage({ alertId, extraCards }: { alertId: number | null } & AlertDetailScreenProps) {
  const query = useQuery({ ...alertQueries.alert(alertId ?? 0), enabled: alertId !== null });
  const queryClient = useQueryClient();
  const state =
    alertId === null || query.isError
      ? ({ status: "error" } as const)
      : query.isSuccess
        ? ({ status: "success", alert: query.data } as const)
        : ({ status: "loading" } as const);
  // A judgement or note saved on the page is the alert's new state, for this page and the next visit.
  const changed = (alert: TAlert) => queryClient.setQueryData(alertKeys.alert(alert.id), alert);

  return (
    <>
      <PageHeader
        title={state.status === "success" ? `Alert: ${state.alert.plate}` : "Alert Detail"}
        eyebrow="Alerts"
      />
      <BackLink />
      {state.status === "loading" && <Spinner />}
      {state.status === "error" && <Notice tone="danger">{ALERT_NOT_FOUND}</Notice>}
      {state.status === "success" && (
        <>
          <Card>
            <AlertDetails alert={state.alert} onChange={changed} />
          </Card>
          <PlateReads key={state.alert.id} alert={state.alert} />
          {extraCards?.(state.alert.id)}
        </>
      )}
    </>
  );
}

/** Back to where the user came from (the group's history), or to the groups when opened directly. */
function BackLink() {
  const location = useLocation();
  const navigate = useNavigate();
  if (location.key === "default") {
    return (
      <p className="alert-history__back">
        <Link to="/alerts">← My Alert Groups</Link>
      </p>
    );
  }
  return (
    <p className="alert-history__back">
      <Button variant="ghost" size="sm" onClick={() => void navigate(-1)}>
        ← Back
      </Button>
    </p>
  );
}
