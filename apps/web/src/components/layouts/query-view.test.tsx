import { useQuery } from "@tanstack/react-query";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithQuery } from "@/testing/query";
import { QueryView } from "./query-view";

function Names({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ["names"], queryFn: load });
  return (
    <>
      <button type="button" onClick={() => void query.refetch()}>
        Reload
      </button>
      <QueryView
        query={query}
        failed={(error) => `Could not load the names: ${error.message}`}
        isEmpty={(names) => names.length === 0}
        empty={<p>No names yet</p>}
      >
        {(names) => (
          <ul>
            {names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </QueryView>
    </>
  );
}

describe("QueryView", () => {
  it("shows the spinner, then the data", async () => {
    renderWithQuery(<Names load={async () => ["Ada", "Jordan"]} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(await screen.findByText("Jordan")).toBeInTheDocument();
  });

  it("shows the empty state when there is nothing", async () => {
    renderWithQuery(<Names load={async () => []} />);
    expect(await screen.findByText("No names yet")).toBeInTheDocument();
  });

  it("shows why it failed with Try again, which asks again through the spinner", async () => {
    let answer: (names: string[]) => void = () => undefined;
    const load = vi
      .fn<() => Promise<string[]>>()
      .mockRejectedValueOnce(new Error("server down"))
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderWithQuery(<Names load={load} />);
    expect(await screen.findByText("Could not load the names: server down")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Loading");
    expect(screen.queryByText(/Could not load/)).not.toBeInTheDocument();
    answer(["Ada"]);
    expect(await screen.findByText("Ada")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("after a reload that failed, Try again shows the spinner, not the old list or the failure", async () => {
    let answer: (names: string[]) => void = () => undefined;
    const load = vi
      .fn<() => Promise<string[]>>()
      .mockResolvedValueOnce(["Ada"])
      .mockRejectedValueOnce(new Error("server down"))
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderWithQuery(<Names load={load} />);
    expect(await screen.findByText("Ada")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(await screen.findByText("Could not load the names: server down")).toBeInTheDocument();
    expect(screen.queryByText("Ada")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Loading");
    expect(screen.queryByText(/Could not load/)).not.toBeInTheDocument();
    answer(["Ada", "Jordan"]);
    expect(await screen.findByText("Jordan")).toBeInTheDocument();
  });
});
