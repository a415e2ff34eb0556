import type { ReactNode } from 'react';

/** One term and its value in a description list, in a div (as HTML allows) so that each pair can be laid out whole. */
export function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
