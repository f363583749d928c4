import type { TAlertDelivery } from "@odin/contract";
import { useEffect, useState } from "react";
import { Card, DataTable, Notice, Spinner } from "@/components/ui";
import { getAlertDeliveries } from "../api/alert-delivery";

const CHANNEL_LABELS: Record<TAlertDelivery["channel"], string> = {
  email: "E-mail",
  webhook: "Webhook",
  web_push: "Browser push",
  mobile_push: "Mobile push",
};

const STATUS_LABELS: Record<TAlertDelivery["status"], string> = {
  pending: "Waiting",
  sending: "Sending",
  sent: "Delivered",
  failed: "Failed",
  cancelled: "Not sent",
};

type LogState = { status: "loading" } | { status: "error" } | { status: "success"; rows: TAlertDelivery[] };

/** The alert page's delivery log (issue 24): where the alert went, how many attempts, what happened. */
export function DeliveryLogCard({ alertId }: { alertId: number }) {
  const [state, setState] = useState<LogState>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    getAlertDeliveries(alertId, controller.signal).then(
      (answer) => setState({ status: "success", rows: answer.deliveries }),
      () => {
        if (!controller.signal.aborted) setState({ status: "error" });
      },
    );
    return () => controller.abort();
  }, [alertId]);

  return (
    <Card title="Deliveries">
      {state.status === "loading" && <Spinner />}
      {state.status === "error" && <Notice tone="danger">The delivery log could not be loaded.</Notice>}
      {state.status === "success" && state.rows.length === 0 && (
        <p className="text-muted">Shown live in Odin only: no e-mail or webhook was set up for this alert.</p>
      )}
      {state.status === "success" && state.rows.length > 0 && (
        <DataTable
          columns={["Channel", "Recipient", "Outcome", "Attempts", "Details"]}
          caption="Deliveries of this alert"
          label="Delivery log"
        >
          {state.rows.map((row, index) => (
            <tr key={`${row.channel}-${row.recipient}-${index}`}>
              <td>{CHANNEL_LABELS[row.channel]}</td>
              <td>{row.recipient}</td>
              <td>{STATUS_LABELS[row.status]}</td>
              <td>{row.attempts}</td>
              <td>{[row.note, row.last_error].filter(Boolean).join(" · ") || "—"}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
