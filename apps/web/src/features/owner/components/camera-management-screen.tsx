import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { QueryView } from "@/components/layouts/query-view";
import { Card, DataTable, EmptyState, PageHeader } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { ownerQueries } from "../api/queries";
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
  const query = useQuery(ownerQueries.cameras());
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
        <QueryView
          query={query}
          failedTitle={CAMERAS_FAILED}
          failed={(error) => isApiError(error) && error.code && <p>{error.message}</p>}
          isEmpty={(data) => data.cameras.length === 0}
          empty={
            <EmptyState
              title="No Rekor cameras yet"
              description="Cameras appear here once Rekor has reported them."
            />
          }
        >
          {(data) => (
            <DataTable columns={COLUMNS} className="camera-table" label="Camera list">
              {data.cameras.map((camera) => (
                <CameraRow key={camera.camera_id} initial={camera} agencies={data.agencies} />
              ))}
            </DataTable>
          )}
        </QueryView>
      </Card>
    </>
  );
}
