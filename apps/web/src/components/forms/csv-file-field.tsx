import { useId, useRef, useState, type ReactNode } from "react";

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
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        CSV file
      </label>
      <input
        ref={choice.inputRef}
        id={id}
        className={["input", className].filter(Boolean).join(" ")}
        type="file"
        accept=".csv,text/csv"
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => choice.setFile(event.target.files?.[0] ?? null)}
      />
      {hint && (
        <div id={hintId} className="field__hint">
          {hint}
        </div>
      )}
    </div>
  );
}
