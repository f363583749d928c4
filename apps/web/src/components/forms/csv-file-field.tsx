import { useRef, useState, type ReactNode } from "react";
import { Field } from "./field";

/**
 * The CSV a person chose, and a way to empty the input after an upload so the same file can go again.
 * `onChoose` runs when another file is chosen: the form drops the last upload's report then, so an old
 * message never sits beside the new file (issue 20 item 10).
 */
export function useCsvFile(onChoose?: () => void) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setChosen] = useState<File | null>(null);
  const setFile = (next: File | null) => {
    setChosen(next);
    onChoose?.();
  };
  const clear = () => {
    setChosen(null);
    if (inputRef.current) inputRef.current.value = "";
  };
  return { file, setFile, clear, inputRef };
}

export interface CsvFileFieldProps {
  choice: ReturnType<typeof useCsvFile>;
  disabled: boolean;
  /** Added to the input's own class. */
  className?: string;
  /** Help under the input (the layouts it takes), read with it by a screen reader. */
  hint?: ReactNode;
}

/** The "CSV file" input of an upload form; the browser offers .csv files first. */
export function CsvFileField({ choice, disabled, className, hint }: CsvFileFieldProps) {
  return (
    <Field label="CSV file" name="csv_file" hint={hint}>
      <input
        ref={choice.inputRef}
        className={["input", className].filter(Boolean).join(" ")}
        type="file"
        accept=".csv,text/csv"
        disabled={disabled}
        onChange={(event) => choice.setFile(event.target.files?.[0] ?? null)}
      />
    </Field>
  );
}
