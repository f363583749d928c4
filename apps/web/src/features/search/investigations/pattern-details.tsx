import type { TPatternSearchResponse } from "@odin/contract";
import { SOURCE_LABEL } from "../source-notices";
import { AreaMap } from "./area-map";
import { toPoints } from "./companions-tab";

const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** The plate's path on the map, its cameras (most reads first) and its day-of-week × hour grid. */
export function PatternDetails({ data }: { data: TPatternSearchResponse }) {
  const path = toPoints(data.reads);
  return (
    <>
      <AreaMap
        label="Path over time"
        paths={[{ key: "path", color: "#38bdf8", points: path }]}
        center={path[0]}
        zoom={12}
      />
      <table className="table">
        <caption>Cameras</caption>
        <thead>
          <tr>
            <th scope="col">Camera</th>
            <th scope="col">Source</th>
            <th scope="col">Reads</th>
            <th scope="col">Last seen</th>
          </tr>
        </thead>
        <tbody>
          {data.cameras.map((camera) => (
            <tr key={`${camera.source_program}-${camera.camera_name}-${camera.agency ?? ""}`}>
              <th scope="row">{camera.camera_name}</th>
              <td>{SOURCE_LABEL[camera.source_program]}</td>
              <td>{camera.count}</td>
              <td>{new Date(camera.last_seen).toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="table-scroll" role="region" aria-label="Reads by day and hour" tabIndex={0}>
        <table className="table pattern-grid">
          <caption>Reads by day of week and hour ({data.time_zone})</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {Array.from({ length: 24 }, (_, hour) => (
                <th scope="col" key={hour}>
                  {String(hour).padStart(2, "0")}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.grid.map((hours, day) => (
              <tr key={DAYS[day]}>
                <th scope="row">{DAYS[day]}</th>
                {hours.map((count, hour) => (
                  <td key={hour} className={count ? "pattern-grid__hit" : undefined}>
                    {count || ""}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
