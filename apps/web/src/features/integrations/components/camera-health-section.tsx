import { MESSAGES, type TCameraHealth } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { QueryView } from "@/components/layouts/query-view";
import { Card, DataTable, EmptyState, Notice, SourceLogo } from "@/components/ui";
import { formatTimestamp } from "@/lib/format";
import { integrationQueries } from "../api/queries";
import { CameraStateBadge } from "./camera-state-badge";

const COLUMNS = ["Program", "Camera", "Agency", "State", "Last read", "Reads (24 h)", "Misreads"];

/**
 * The compact "Camera health" section of the vendor screens: each camera's last read, reads in the
 * last 24 hours and state, silent ones first, with their count at the top. `source` limits it to one
 * program (the Rekor screen shows its cameras only).
 */
export function CameraHealthSection({ source }: { source?: TCameraHealth["source"] }) {
  const query = useQuery(integrationQueries.cameraHealth());
  const cameras = query.data?.cameras.filter((camera) => !source || camera.source === source) ?? [];
  const silent = cameras.filter((camera) => camera.state === "silent").length;
  // Alerts judged Incorrect read, by the camera's name as alerts carry it (Odin's own, issue 17).
  const misreadQuery = useQuery(integrationQueries.misreadsByCamera());
  const misreads = new Map(
    (misreadQuery.data?.cameras ?? []).map((row) => [`${row.source_program}|${row.camera ?? ""}`, row]),
  );
  return (
    <Card
      title={MESSAGES.cameraHealth}
      actions={silent > 0 && <span className="badge badge--danger">{silent} silent</span>}
    >
      <QueryView query={query} failed={() => MESSAGES.failedToLoadCameraHealth}>
        {(data) => (
          <>
            {silent > 0 && (
              <Notice tone="warning">{MESSAGES.silentCameras(silent, data.silent_after_minutes)}</Notice>
            )}
            {cameras.length === 0 ? (
              <EmptyState title="No cameras yet" description="Cameras appear here once they are connected." />
            ) : (
              <DataTable
                columns={COLUMNS}
                caption={MESSAGES.cameraHealth}
                label="Cameras and their last reads"
                className="camera-health-table"
              >
                {cameras.map((camera) => (
                  <tr key={camera.id} data-state={camera.state}>
                    <td>
                      <SourceLogo source={camera.source} size="sm" />
                    </td>
                    <td>{camera.name}</td>
                    <td>{camera.agency_name}</td>
                    <td>
                      <CameraStateBadge
                        state={camera.state}
                        lastReadAt={camera.last_read_at}
                        checkedAt={data.checked_at}
                      />
                    </td>
                    <td>{camera.last_read_at ? formatTimestamp(camera.last_read_at) : "Never"}</td>
                    <td>{camera.reads_24h ?? "—"}</td>
                    <td>
                      <MisreadCount row={misreads.get(`${camera.source}|${camera.name}`)} />
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </>
        )}
      </QueryView>
    </Card>
  );
}

/** "2 of 3 judged" for a camera with misreads; "—" otherwise. */
function MisreadCount({ row }: { row?: { misreads: number; judged: number } }) {
  if (!row) return <>—</>;
  return (
    <span
      className="badge badge--warning"
      title="Alerts judged Incorrect read (misread), of the alerts judged"
    >
      {row.misreads} of {row.judged} judged
    </span>
  );
}
