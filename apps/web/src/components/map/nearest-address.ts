import { findEndpoint, MESSAGES } from "@odin/contract";
import { useEffect, useState } from "react";
import { callEndpoint } from "@/lib/call-endpoint";
import { hasValidCoordinates } from "@/lib/coordinates";

const reverse = findEndpoint("GET", "/geocode/reverse");

/** GET /geocode/reverse through Odin (never the browser straight to a geocoder): the address or null. */
export async function reverseGeocode(
  latitude: number,
  longitude: number,
  signal?: AbortSignal,
): Promise<string | null> {
  const query = new URLSearchParams({ lat: String(latitude), lon: String(longitude) });
  return (await callEndpoint(reverse, { query, signal })).address;
}

export type AddressState =
  { status: "loading" } | { status: "found"; address: string } | { status: "unavailable" };

/** The nearest address (000 §8): loading, then the address, or unavailable without coordinates or on failure. */
export function useNearestAddress(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): AddressState {
  const valid = hasValidCoordinates(latitude, longitude);
  const key = valid ? `${latitude},${longitude}` : null;
  const [state, setState] = useState<{ key: string | null; value: AddressState }>({
    key,
    value: { status: "loading" },
  });
  if (state.key !== key) setState({ key, value: { status: "loading" } });

  useEffect(() => {
    if (!valid) return;
    const controller = new AbortController();
    reverseGeocode(latitude!, longitude!, controller.signal).then(
      (address) =>
        setState({ key, value: address ? { status: "found", address } : { status: "unavailable" } }),
      () => {
        if (!controller.signal.aborted) setState({ key, value: { status: "unavailable" } });
      },
    );
    return () => controller.abort();
  }, [key, valid, latitude, longitude]);

  return valid ? state.value : { status: "unavailable" };
}

/** What the 'Nearest Address' field shows: 'Loading...', the address, or 'Unavailable'. */
export function addressText(state: AddressState): string {
  if (state.status === "loading") return MESSAGES.loading;
  return state.status === "found" ? state.address : MESSAGES.unavailable;
}
