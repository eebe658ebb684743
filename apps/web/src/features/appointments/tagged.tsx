import { Fragment, type ReactNode } from 'react';

/**
 * A catalog message whose words carry marks, '<0>…</0>', drawn with each mark's element (a name in bold): the
 * sentence stays whole in the catalog, so Filipino may put the marked words where its grammar wants them.
 */
export function tagged(message: string, marks: Record<number, (text: string) => ReactNode>): ReactNode[] {
  const out: ReactNode[] = [];
  const mark = /<(\d)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  for (let m = mark.exec(message); m !== null; m = mark.exec(message)) {
    if (m.index > last) out.push(message.slice(last, m.index));
    const draw = marks[Number(m[1])];
    out.push(<Fragment key={m.index}>{draw ? draw(m[2]) : m[2]}</Fragment>);
    last = mark.lastIndex;
  }
  if (last < message.length) out.push(message.slice(last));
  return out;
}
