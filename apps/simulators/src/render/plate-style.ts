import { stateName } from "../data/plates";

export interface PlateStyle {
  /** Top and bottom of the background gradient. */
  background: [string, string];
  text: string;
  header: string;
  headerText: string;
  slogan?: string;
}

/** Simplified designs of the states the cameras see most, so a crop looks like the state's plate. */
const STYLES: Record<string, PlateStyle> = {
  CT: {
    background: ["#f4f8fc", "#b9d3ec"],
    text: "#13315c",
    header: "#13315c",
    headerText: "Connecticut",
    slogan: "Constitution State",
  },
  NY: {
    background: ["#fdf6dc", "#f1c24b"],
    text: "#0f2a6b",
    header: "#0f2a6b",
    headerText: "NEW YORK",
    slogan: "EXCELSIOR",
  },
  MA: { background: ["#ffffff", "#eef1f4"], text: "#a3162a", header: "#a3162a", headerText: "Massachusetts" },
  NJ: {
    background: ["#fbf3c8", "#e9d48a"],
    text: "#111111",
    header: "#111111",
    headerText: "NEW JERSEY",
    slogan: "Garden State",
  },
  RI: { background: ["#ffffff", "#dde7f5"], text: "#1d3f8f", header: "#1d3f8f", headerText: "RHODE ISLAND" },
  NH: {
    background: ["#ffffff", "#e3ece3"],
    text: "#1f5a2c",
    header: "#1f5a2c",
    headerText: "NEW HAMPSHIRE",
    slogan: "Live Free or Die",
  },
  VT: {
    background: ["#2f6b3a", "#1f4f29"],
    text: "#ffffff",
    header: "#ffffff",
    headerText: "VERMONT",
    slogan: "Green Mountains",
  },
  ME: { background: ["#ffffff", "#e9eef2"], text: "#1d2b4f", header: "#1d2b4f", headerText: "MAINE" },
  PA: {
    background: ["#ffffff", "#f4e6a8"],
    text: "#1b2e6b",
    header: "#1b2e6b",
    headerText: "PENNSYLVANIA",
    slogan: "visitPA.com",
  },
};

export function plateStyle(state: string): PlateStyle {
  return (
    STYLES[state] ?? {
      background: ["#ffffff", "#e6e9ee"],
      text: "#1a2b55",
      header: "#8a1c1c",
      headerText: stateName(state).toUpperCase(),
    }
  );
}
