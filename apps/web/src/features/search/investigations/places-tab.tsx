import type { TPlacesSearchResponse, TSourceStatus } from "@odin/contract";
import { useState } from "react";
import { Field } from "@/components/forms";
import { Button, Plate } from "@/components/ui";
import { useQuery } from "@tanstack/react-query";
import { AnswerSources } from "./answer-sources";
import { searchCamerasQuery, searchPlaces } from "./api";
import { InvestigationForm, paramsFor, useInvestigation, type InvestigationWhy } from "./investigation-form";
import {
  emptyPlace,
  PLACE_MISSING,
  PlaceFields,
  placeChosen,
  toPlaceRequest,
  type PlaceValue,
} from "./place-fields";

const MIN_PLACES = 2;
const MAX_PLACES = 5;

/** Seen at several places: 2 to 5 (place, window) pairs; the plates read at all (or at least K) of them. */
export function PlacesTab() {
  const investigation = useInvestigation();
  const cameras = useQuery(searchCamerasQuery());
  const [places, setPlaces] = useState<PlaceValue[]>([emptyPlace(24), emptyPlace(24)]);
  const [minPlaces, setMinPlaces] = useState(0);
  const [answer, setAnswer] = useState<{
    data: TPlacesSearchResponse;
    statuses: TSourceStatus[];
    why: InvestigationWhy;
  } | null>(null);
  const update = (index: number, next: PlaceValue) =>
    setPlaces((current) => current.map((place, i) => (i === index ? next : place)));
  const submit = async () => {
    const sent = await investigation.run(
      () => {
        const missing = places.findIndex((place) => !placeChosen(place));
        return missing < 0 ? null : `Place ${missing + 1}: ${PLACE_MISSING}`;
      },
      (why) =>
        searchPlaces({
          ...why,
          places: places.map(toPlaceRequest),
          ...(minPlaces ? { min_places: minPlaces } : {}),
        }),
    );
    if (sent) setAnswer({ ...sent.answer, why: sent.why });
  };
  return (
    <>
      <InvestigationForm
        label="Seen at several places"
        investigation={investigation}
        onSubmit={() => void submit()}
      >
        {places.map((place, index) => (
          <fieldset key={index} className="investigation-place">
            <legend>Place {index + 1}</legend>
            <PlaceFields
              name={`place ${index + 1}`}
              windowLabel="Time window"
              value={place}
              onChange={(next) => update(index, next)}
              cameras={cameras}
            />
          </fieldset>
        ))}
        <div className="investigation-form__row">
          <Button
            variant="secondary"
            disabled={places.length >= MAX_PLACES}
            onClick={() => setPlaces([...places, emptyPlace(24)])}
          >
            Add a place
          </Button>
          <Button
            variant="secondary"
            disabled={places.length <= MIN_PLACES}
            onClick={() => {
              setPlaces(places.slice(0, -1));
              if (minPlaces >= places.length) setMinPlaces(0);
            }}
          >
            Remove the last place
          </Button>
          <Field label="Seen at least at" name="min_places">
            <select
              className="input"
              value={minPlaces}
              onChange={(event) => setMinPlaces(Number(event.target.value))}
            >
              <option value={0}>every place</option>
              {places.slice(1, -1).map((_, index) => (
                <option key={index} value={index + 2}>
                  {index + 2} places
                </option>
              ))}
            </select>
          </Field>
        </div>
      </InvestigationForm>
      {answer && (
        <section className="card investigation-answer" aria-label="Plates seen at several places">
          <h2>Plates seen at several places</h2>
          <AnswerSources statuses={answer.statuses} />
          {answer.data.plates.length === 0 ? (
            <p>
              No plate was read at enough of the places. Widen the windows or the areas, or ask for fewer
              places.
            </p>
          ) : (
            <table className="table">
              <caption className="visually-hidden">Plates ranked by places matched</caption>
              <thead>
                <tr>
                  <th scope="col">Plate</th>
                  <th scope="col">Places</th>
                  <th scope="col">Reads</th>
                </tr>
              </thead>
              <tbody>
                {answer.data.plates.map((match) => (
                  <tr key={match.plate}>
                    <th scope="row">
                      <Plate>{match.plate}</Plate>
                    </th>
                    <td>{match.places.map((place) => place + 1).join(", ")}</td>
                    <td>{match.reads.length}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {answer.data.plates.length > 0 && (
            <div>
              <Button
                onClick={() =>
                  investigation.openResults(
                    answer.data.plates.flatMap((match) => match.reads),
                    answer.statuses,
                    paramsFor(answer.why, places[0]!.window),
                  )
                }
              >
                Open the reads in the results table and map
              </Button>
            </div>
          )}
        </section>
      )}
    </>
  );
}
