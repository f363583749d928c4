import { MESSAGES, type TAlert } from "@odin/contract";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { Button, buttonClassName, Notice, PageHeader, Spinner } from "@/components/ui";
import { NO_ALERT_FILTERS, parseRouteId, type AlertHistoryFilters } from "../api/alerts";
import { useLiveAlerts, type LiveAlertsStatus } from "../hooks/use-live-alerts";
import { describeLiveAlert } from "./history/alert-format";
import { AlertHistoryFiltersForm } from "./history/alert-history-filters";
import { AlertModal } from "./history/alert-modal";
import { AlertSoundToggle, useAlertSound } from "./history/alert-sound";
import { AlertsTable } from "./history/alerts-table";
import { NotificationsControl, useBrowserNotifications } from "./history/browser-notifications";
import { useAlertHistory } from "./history/use-alert-history";

/** How long a live alert stays highlighted. */
export const FRESH_HIGHLIGHT_MS = 6000;

const LIVE_LABELS: Record<LiveAlertsStatus, string> = {
  off: "",
  connecting: "Connecting to live alerts…",
  live: "Live: new alerts appear here as they happen",
  reconnecting: "Live alerts interrupted: reconnecting…",
  unavailable: "Live alerts are unavailable: reload the page to see new alerts",
};

/** Route /alerts/group/{groupId} (001 §2): the group's alerts, updated live while the page is open. */
export function AlertGroupHistoryScreen() {
  const { groupId } = useParams();
  return <GroupHistory key={groupId} groupId={parseRouteId(groupId)} />;
}

function GroupHistory({ groupId }: { groupId: number | null }) {
  const [filters, setFilters] = useState<AlertHistoryFilters>(NO_ALERT_FILTERS);
  const history = useAlertHistory(groupId, filters);
  const notifications = useBrowserNotifications();
  const sound = useAlertSound();
  const [opened, setOpened] = useState<TAlert | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const [announcement, setAnnouncement] = useState("");
  const { state } = history;
  const groupName = state.status === "success" ? state.group.name : null;

  const live = useLiveAlerts(state.status === "error" ? null : groupId, {
    onAlert: (alert) => {
      history.prepend(alert);
      setFresh((current) => new Set(current).add(alert.id));
      setAnnouncement(describeLiveAlert(alert));
      notifications.notify(alert, groupName);
      sound.play();
    },
    // Alerts written while the stream was closed were not sent: the first open catches up if the
    // history had already loaded, every reopen does.
    onOpen: ({ reconnected }) => {
      if (reconnected || state.status === "success") history.refresh();
    },
  });

  useEffect(() => {
    if (fresh.size === 0) return;
    const timer = setTimeout(() => setFresh(new Set()), FRESH_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [fresh]);

  return (
    <>
      <PageHeader
        title={groupName ?? "Alert History"}
        eyebrow="Alert History"
        actions={
          groupId !== null && (
            <Link to={`/groups/${groupId}/details`} className={buttonClassName("secondary")}>
              Group details
            </Link>
          )
        }
      />
      <p className="alert-history__back">
        <Link to="/alerts">← My Alert Groups</Link>
      </p>

      {state.status === "loading" && <Spinner label={MESSAGES.loading} />}
      {state.status === "error" && <Notice tone="danger">{MESSAGES.groupNotFound}</Notice>}
      {state.status === "success" && (
        <>
          <div className="alert-history__toolbar">
            <p className={`alert-live alert-live--${live}`}>{LIVE_LABELS[live]}</p>
            <NotificationsControl notifications={notifications} />
            <AlertSoundToggle sound={sound} />
          </div>
          <AlertHistoryFiltersForm applied={filters} onApply={setFilters} />
          <AlertsTable alerts={state.alerts} freshIds={fresh} onOpen={setOpened} />
          {state.nextCursor && (
            <p className="alert-history__more">
              <Button variant="secondary" busy={state.loadingMore} onClick={history.loadMore}>
                Load older alerts
              </Button>
            </p>
          )}
        </>
      )}
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>

      <AlertModal
        alert={opened}
        onClose={() => setOpened(null)}
        onChange={(alert) => {
          setOpened(alert);
          history.replace(alert);
        }}
      />
    </>
  );
}
