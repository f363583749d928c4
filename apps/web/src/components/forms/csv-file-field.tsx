import { useId, useRef, useState } from "react";

/** The CSV a person chose, and a way to empty the input after an upload so the same file can go again. */
export function useCsvFile() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const clear = () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = "";
  };
  return { file, setFile, clear, inputRef };
}

export interface CsvFileFieldProps {
  choice: ReturnType<typeof useCsvFile>;
  disabled: boolean;
  /** Added to the input's own class. */
  className?: string;
}

/** The "CSV file" input of an upload form; the browser offers .csv files first. */
export function CsvFileField({ choice, disabled, className }: CsvFileFieldProps) {
  const id = useId();
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
        onChange={(event) => choice.setFile(event.target.files?.[0] ?? null)}
      />
    </div>
  );
}
