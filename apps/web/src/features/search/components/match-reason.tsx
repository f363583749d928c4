import { Fragment, type ReactNode } from "react";
import { Plate } from "@/components/ui";

/**
 * The characters a similar-search reason names ("1 read as I at position 7", "47 swapped at position
 * 3": the API's plate-skeleton describe()) in the plate face, so that 1 and I are told apart there too.
 * The text is unchanged; a reason of another shape is shown as it is.
 */
const CHARACTERS = /(\S+)( read as )(\S+)( at position )|(\S+)( swapped at position )/g;

export function MatchReason({ reason }: { reason: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of reason.matchAll(CHARACTERS)) {
    parts.push(reason.slice(last, match.index));
    if (match[1] !== undefined) {
      parts.push(<Plate key={`${match.index}-typed`}>{match[1]}</Plate>, match[2]);
      parts.push(<Plate key={`${match.index}-read`}>{match[3]}</Plate>, match[4]);
    } else {
      parts.push(<Plate key={`${match.index}-swap`}>{match[5]}</Plate>, match[6]);
    }
    last = match.index + match[0].length;
  }
  parts.push(reason.slice(last));
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}
