import { MESSAGES, type THotlistPlate } from "@odin/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { removePlate, type NewPlate } from "../../api/groups";
import { alertKeys, alertQueries } from "../../api/queries";

export const PLATES_NOT_REFRESHED = "The plate list could not be refreshed. Reload the page to see it.";

/**
 * The plates of the edit screen (001 §4): the saved ones, removed on the server at once, and the new
 * ones, kept in the page until Save Changes sends them.
 */
export function useGroupPlates(groupId: number, initial: THotlistPlate[]) {
  const [saved, setSaved] = useState(initial);
  const [added, setAdded] = useState<NewPlate[]>([]);
  const [removing, setRemoving] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const add = useCallback((plate: NewPlate) => setAdded((plates) => [...plates, plate]), []);
  const drop = useCallback((key: string) => setAdded((plates) => plates.filter((p) => p.key !== key)), []);

  const remove = async (plate: THotlistPlate) => {
    setRemoving(plate.id);
    setError(null);
    try {
      await removePlate(groupId, plate.id);
      setSaved((plates) => plates.filter((p) => p.id !== plate.id));
      void queryClient.invalidateQueries({ queryKey: alertKeys.group(groupId) });
    } catch {
      setError(MESSAGES.failedToRemovePlate);
    } finally {
      setRemoving(null);
    }
  };

  /** The saved plates again from the server (after a CSV upload changed them). */
  const reload = async () => {
    try {
      // Asked anew (not from the cache), and the group's other screens follow.
      await queryClient.invalidateQueries({ queryKey: alertKeys.group(groupId), refetchType: "none" });
      setSaved((await queryClient.fetchQuery(alertQueries.editGroupData(groupId))).plates);
      setError(null);
    } catch {
      setError(PLATES_NOT_REFRESHED);
    }
  };

  /**
   * The server's rule (issue 17), checked before a plate joins the page: one entry per plate (without
   * case, spaces or dashes) and state, among the saved plates and those waiting for Save Changes.
   */
  const refusal = (plate: { number: string; state: string }, groupName: string) => {
    const key = entryKey(plate.number, plate.state);
    const listed = [
      ...saved.map((p) => entryKey(p.plate_number, p.state ?? "")),
      ...added.map((p) => entryKey(p.number, p.state)),
    ];
    return listed.includes(key) ? MESSAGES.plateAlreadyOnGroup(plate.number, groupName) : null;
  };

  return { saved, added, add, drop, remove, removing, reload, error, refusal };
}

const entryKey = (number: string, state: string) =>
  `${number.toUpperCase().replace(/[\s-]/g, "")}\n${state.toUpperCase()}`;
