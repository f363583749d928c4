import { MESSAGES, type TAgency, type TAuthorizedAndBlacklistedAgenciesResponse } from "@odin/contract";
import { useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { QueryView } from "@/components/layouts/query-view";
import { Button, Card, Notice } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { moveAgency } from "../api/axon";
import { integrationKeys } from "../api/queries";

type ListName = "authorized" | "blacklisted";
type Flash = { tone: "success" | "danger"; text: string };

const LISTS: Record<ListName, { title: string; empty: string; action: string; to: ListName }> = {
  authorized: {
    title: "Authorized agencies",
    empty: "No authorized agencies.",
    action: "Blacklist",
    to: "blacklisted",
  },
  blacklisted: {
    title: "Blacklisted agencies",
    empty: "No blacklisted agencies.",
    action: "Authorize",
    to: "authorized",
  },
};

/**
 * The agencies whose Axon reads the agency's searches include, and those it excludes (001 §2, §4),
 * with a button on each moving it to the other list.
 */
export function AxonAgencyLists({
  query,
}: {
  query: UseQueryResult<TAuthorizedAndBlacklistedAgenciesResponse>;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState<number | null>(null);
  const [focusAgency, setFocusAgency] = useState<number | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  const buttonId = (agencyId: number) => `${id}-agency-${agencyId}`;

  // A moved agency's button is now in the other list: keep the keyboard focus on it.
  useEffect(() => {
    if (focusAgency !== null) document.getElementById(buttonId(focusAgency))?.focus();
  });

  const move = async (agency: TAgency, to: ListName) => {
    setMoving(agency.id);
    try {
      const reply = await moveAgency(agency.id, to);
      const fallback = to === "blacklisted" ? MESSAGES.agencyBlacklisted : MESSAGES.agencyUnblacklisted;
      setFlash({ tone: "success", text: reply.message || fallback });
      queryClient.setQueryData<TAuthorizedAndBlacklistedAgenciesResponse>(
        integrationKeys.axonAgencies,
        (current) => current && moveBetweenLists(current, agency, to),
      );
      setFocusAgency(agency.id);
    } catch (error) {
      setFlash({ tone: "danger", text: errorReason(error) ?? MESSAGES.unknownError });
    } finally {
      setMoving(null);
    }
  };

  return (
    <Card title="Agencies">
      <p className="text-muted">
        Searches by your agency include the Axon reads of the authorized agencies and leave out the
        blacklisted ones.
      </p>
      {flash && <Notice tone={flash.tone}>{flash.text}</Notice>}
      <QueryView query={query} failed={() => MESSAGES.errorLoadingAxonIntegration}>
        {(lists) => (
          <div className="agency-lists">
            {(Object.keys(LISTS) as ListName[]).map((name) => {
              const list = LISTS[name];
              const agencies = lists[name];
              return (
                <section key={name} className="agency-lists__list" aria-label={list.title}>
                  <h3 className="agency-lists__title">
                    {list.title} <span className="badge badge--muted">{agencies.length}</span>
                  </h3>
                  {agencies.length === 0 ? (
                    <p className="text-muted">{list.empty}</p>
                  ) : (
                    <ul className="agency-lists__items">
                      {agencies.map((agency) => (
                        <li key={agency.id}>
                          <span>{agency.name}</span>
                          <Button
                            id={buttonId(agency.id)}
                            variant={name === "authorized" ? "secondary" : "primary"}
                            size="sm"
                            busy={moving === agency.id}
                            disabled={moving !== null && moving !== agency.id}
                            aria-label={`${list.action} ${agency.name}`}
                            onBlur={() => setFocusAgency(null)}
                            onClick={() => void move(agency, list.to)}
                          >
                            {list.action}
                          </Button>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              );
            })}
          </div>
        )}
      </QueryView>
    </Card>
  );
}

/** The lists after a move the server accepted, each still sorted by name. */
function moveBetweenLists(
  lists: TAuthorizedAndBlacklistedAgenciesResponse,
  agency: TAgency,
  to: ListName,
): TAuthorizedAndBlacklistedAgenciesResponse {
  const without = (list: TAgency[]) => list.filter((item) => item.id !== agency.id);
  const adding = (list: TAgency[]) => [...without(list), agency].sort((a, b) => a.name.localeCompare(b.name));
  return to === "blacklisted"
    ? { authorized: without(lists.authorized), blacklisted: adding(lists.blacklisted) }
    : { authorized: adding(lists.authorized), blacklisted: without(lists.blacklisted) };
}
