/** The sentence of a success message that gives the visitor the reference of their request (never cut across lines). */
import { REFERENCE_SENTENCE } from './submission';

export function ReferenceSentence({ reference }: { reference: string }) {
  return (
    <>
      {REFERENCE_SENTENCE.before}
      <span className="reference">{reference}</span>
      {REFERENCE_SENTENCE.after}
    </>
  );
}
