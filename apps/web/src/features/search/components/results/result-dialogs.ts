import { useReducer } from "react";
import type { TSearchResult } from "@odin/contract";
import type { ExportKind } from "../../api/export";

/** The one dialog open over the results (or none), and the hotlist's last success message. */
export interface ResultDialogs {
  dialog:
    | { name: "none" }
    | { name: "detail"; result: TSearchResult }
    | { name: "hotlist"; result: TSearchResult }
    | { name: "export"; kind: ExportKind };
  hotlistNotice: string | null;
}

export type ResultDialogAction =
  | { type: "openDetail"; result: TSearchResult }
  /** The hotlist form replaces the detail (Escape then closes only it); an earlier success goes. */
  | { type: "openHotlist"; result: TSearchResult }
  | { type: "hotlistAdded"; message: string }
  | { type: "openExport"; kind: ExportKind }
  | { type: "close" };

const CLOSED: ResultDialogs["dialog"] = { name: "none" };

export function resultDialogsReducer(state: ResultDialogs, action: ResultDialogAction): ResultDialogs {
  switch (action.type) {
    case "openDetail":
      return { ...state, dialog: { name: "detail", result: action.result } };
    case "openHotlist":
      return { dialog: { name: "hotlist", result: action.result }, hotlistNotice: null };
    case "hotlistAdded":
      return { dialog: CLOSED, hotlistNotice: action.message };
    case "openExport":
      return { ...state, dialog: { name: "export", kind: action.kind } };
    case "close":
      return { ...state, dialog: CLOSED };
  }
}

/** The dialogs over the results: a result's detail, its hotlist form, an export. */
export function useResultDialogs() {
  const [state, dispatch] = useReducer(resultDialogsReducer, { dialog: CLOSED, hotlistNotice: null });
  const { dialog } = state;
  return {
    hotlistNotice: state.hotlistNotice,
    /** The result whose detail is open, the one being hotlisted, the export asked for (null: none). */
    detail: dialog.name === "detail" ? dialog.result : null,
    hotlisting: dialog.name === "hotlist" ? dialog.result : null,
    exporting: dialog.name === "export" ? dialog.kind : null,
    dispatch,
  };
}
