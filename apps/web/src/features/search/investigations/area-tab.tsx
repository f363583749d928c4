import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { searchCamerasQuery, searchArea } from "./api";
import { InvestigationForm, paramsFor, useInvestigation } from "./investigation-form";
import {
  describePlace,
  emptyPlace,
  PLACE_MISSING,
  PlaceFields,
  placeChosen,
  toPlaceRequest,
} from "./place-fields";

/** Area and time: every read at the place in the window, any plate, opened in the results table. */
export function AreaTab() {
  const investigation = useInvestigation();
  const cameras = useQuery(searchCamerasQuery());
  const [place, setPlace] = useState(emptyPlace(1));
  const submit = async () => {
    const sent = await investigation.run(
      () => (placeChosen(place) ? null : PLACE_MISSING),
      (why) => searchArea({ ...why, ...toPlaceRequest(place) }),
    );
    if (sent) {
      const names = new Map((cameras.data?.cameras ?? []).map((camera) => [camera.id, camera.name]));
      investigation.openResults(
        sent.answer.data,
        sent.answer.statuses,
        paramsFor(sent.why, place.window),
        describePlace(place, (id) => names.get(id) ?? id),
      );
    }
  };
  return (
    <InvestigationForm
      label="Area and time search"
      investigation={investigation}
      onSubmit={() => void submit()}
    >
      <PlaceFields
        name="the area"
        windowLabel="Time window"
        value={place}
        onChange={setPlace}
        cameras={cameras}
      />
    </InvestigationForm>
  );
}
