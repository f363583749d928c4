import type { TSourceStatus } from "@odin/contract";
import { Notice } from "@/components/ui";
import { describeSourceProblems } from "../components/results-screen";
import { SourceNotices } from "../source-notices";

/** Under an investigation's answer: the sources that did not answer fully, and what each says of its answer. */
export function AnswerSources({ statuses }: { statuses: TSourceStatus[] }) {
  const problems = describeSourceProblems(statuses);
  return (
    <>
      {problems && (
        <Notice tone="warning" title="Some sources did not answer fully">
          {problems} The answer below comes from the sources that answered.
        </Notice>
      )}
      <SourceNotices statuses={statuses} />
    </>
  );
}
