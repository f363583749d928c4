import { AUDIT_PAGE_SIZE, MESSAGES } from "@odin/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useCurrentUser } from "@/lib/auth/current-user";
import { MessagePage } from "@/components/layouts/message-page";
import { LoadFailed } from "@/components/layouts/load-failed";
import { queryViewState } from "@/components/layouts/query-view";
import { Button, Card, EmptyState, Notice, PageHeader, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { saveFile } from "@/lib/save-file";
import { auditLogsQuery, auditQueryString, exportAuditCsv, type AuditFilters } from "../api/audit-logs";
import { AuditChainCheck } from "./audit-chain-check";
import { AuditFiltersForm } from "./audit-filters-form";
import { AuditTable } from "./audit-table";

/** The spec names no message for this load failure: Odin's. */
export const AUDIT_LOG_FAILED = "Could not load the audit log.";

/**
 * Route /audit-log (001 §2, §5, §9): the agency's audit log, 20 rows a page, filtered by start, end
 * and plate. The page and filters live in the address, so Back and reload keep them. Role admin only:
 * others (and a 403 from the API) see 'Access Denied'.
 */
export function AuditLogScreen() {
  if (useCurrentUser()?.role !== "admin") return <AuditAccessDenied />;
  return <AuditLog />;
}

function AuditLog() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const filters: AuditFilters = {
    start: params.get("start") ?? "",
    end: params.get("end") ?? "",
    plate: params.get("plate") ?? "",
    action: params.get("action") ?? "",
    caseNumber: params.get("case_number") ?? "",
    username: params.get("username") ?? "",
  };
  const query = auditQueryString(page, filters);
  // The current page stays visible, marked busy, until the next one arrives.
  const logsQuery = useQuery({ ...auditLogsQuery(query), placeholderData: keepPreviousData });
  const state = queryViewState(logsQuery);
  const [exportFailed, setExportFailed] = useState<string | null>(null);

  if (state === "error" && isApiError(logsQuery.error, 403)) return <AuditAccessDenied />;

  const go = (nextPage: number, nextFilters: AuditFilters = filters) =>
    setParams(new URLSearchParams(auditQueryString(nextPage, nextFilters)));
  const busy = logsQuery.isFetching;
  const logs = state === "error" ? null : (logsQuery.data?.logs ?? null);
  const filtered = Boolean(filters.start || filters.end || filters.plate || filters.action);

  return (
    <>
      <PageHeader
        title="Audit Log"
        eyebrow="Administration"
        description="Searches, exports and administrative actions of your agency, with their justification. Times are in your time zone."
      />
      <Card>
        {/* Keyed by the applied filters: Back or a link that changes them resets the inputs too. */}
        <AuditFiltersForm
          key={`${filters.start}|${filters.end}|${filters.plate}|${filters.action}`}
          applied={filters}
          busy={busy}
          onApply={(next) => go(1, next)}
        />
      </Card>
      <Card
        title="Entries"
        actions={
          <>
            {busy && logs && <Spinner size="sm" label="Loading" hideLabel />}
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                void exportAuditCsv(filters).then(
                  ({ blob, filename }) => {
                    setExportFailed(null);
                    saveFile(blob, filename);
                  },
                  (error: unknown) =>
                    setExportFailed(isApiError(error) ? error.message : "The CSV export failed."),
                )
              }
            >
              Export CSV
            </Button>
          </>
        }
      >
        {exportFailed && <Notice tone="danger">{exportFailed}</Notice>}
        {state === "error" && (
          <LoadFailed title={AUDIT_LOG_FAILED} onRetry={() => void logsQuery.refetch()}>
            {isApiError(logsQuery.error) && logsQuery.error.code && <p>{logsQuery.error.message}</p>}
          </LoadFailed>
        )}
        {busy && !logs && <Spinner label={MESSAGES.loading} />}
        {logs && logs.length === 0 && (
          <EmptyState
            title={page > 1 ? "No more entries" : "No audit entries"}
            description={
              filtered ? "No entries match these filters." : "Searches by your agency are listed here."
            }
          />
        )}
        {logs && logs.length > 0 && <AuditTable logs={logs} busy={busy} />}
        {/* Not disabled while a page loads, so keyboard focus stays; a newer request replaces the older. */}
        {logs && (
          <nav className="pager" aria-label="Audit log pages">
            <Button variant="secondary" onClick={() => go(page - 1)} disabled={page <= 1}>
              Previous
            </Button>
            <span className="pager__page" aria-current="page">
              Page {page}
            </span>
            <Button variant="secondary" onClick={() => go(page + 1)} disabled={logs.length < AUDIT_PAGE_SIZE}>
              Next
            </Button>
          </nav>
        )}
      </Card>
      <AuditChainCheck />
    </>
  );
}

function AuditAccessDenied() {
  return (
    <MessagePage tone="warning" title={MESSAGES.accessDenied}>
      <p>The audit log is for the administrators of your agency.</p>
    </MessagePage>
  );
}
