import { MESSAGES } from "@odin/contract";
import { Link } from "react-router-dom";
import { LoadFailed } from "@/components/layouts/load-failed";
import { Card, DataTable, EmptyState, PageHeader, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { useQuery } from "@/lib/use-query";
import { getCameraData } from "../api/cameras";
import { CameraRow } from "./camera-row";
import { OwnerAccessDenied } from "./owner-access-denied";

/** The spec names no message for this load failure: Odin's. */
export const CAMERAS_FAILED = "Could not load the Rekor cameras.";

const COLUMNS = [
  "Camera ID",
  "Name",
  "Site",
  "Reported location",
  "Latitude",
  "Longitude",
  { hidden: "Pick on map" },
  "Agency",
  "Manual",
  "Last read",
  { hidden: "Save" },
];

/**
 * Route /rekor-camera-management (001 §2): each Rekor camera's corrected location, agency and manual
 * flag, edited and saved row by row. Searches, maps and exports then show the corrected location.
 */
export function CameraManagementScreen() {
  const query = useQuery(getCameraData);
  if (isApiError(query.error, 403)) return <OwnerAccessDenied />;

  return (
    <>
      <PageHeader
        title="Rekor Camera Management"
        eyebrow="Owner"
        description="Correct where Rekor cameras stand and which agency they belong to: type the corrected latitude and longitude or pick them on a map, beside where the camera reports it stands. A manual location is kept when the camera reports another; editing a location ticks Manual."
        actions={<Link to="/owner">Owner Panel</Link>}
      />
      <Card title="Cameras">
        {query.status === "loading" && <Spinner label={MESSAGES.loading} />}
        {query.status === "error" && (
          <LoadFailed title={CAMERAS_FAILED} onRetry={query.reload}>
            {isApiError(query.error) && query.error.code && <p>{query.error.message}</p>}
          </LoadFailed>
        )}
        {query.status === "success" && query.data.cameras.length === 0 && (
          <EmptyState
            title="No Rekor cameras yet"
            description="Cameras appear here once Rekor has reported them."
          />
        )}
        {query.status === "success" && query.data.cameras.length > 0 && (
          <DataTable columns={COLUMNS} className="camera-table" label="Camera list">
            {query.data.cameras.map((camera) => (
              <CameraRow key={camera.camera_id} initial={camera} agencies={query.data.agencies} />
            ))}
          </DataTable>
        )}
      </Card>
    </>
  );
}
