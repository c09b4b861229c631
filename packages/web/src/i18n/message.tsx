import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { useText, type MessageValues } from './use-text.ts';

const TAG = /<(\d+)>(.*?)<\/\1>/gs;

/**
 * A message with parts that are elements: in 'Don't have an account? <0>Sign up</0>' the
 * `components[0]` element (a link) gets 'Sign up' as its text, in the language shown now.
 * Tags do not nest; a tag without a component is shown as its text.
 */
export function Message({
  id,
  values,
  components,
}: {
  id: string;
  values?: MessageValues;
  components: Record<number, ReactElement<{ children?: ReactNode }>>;
}) {
  const text = useText()(id, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const component = components[Number(match[1])];
    const inner = match[2] ?? '';
    parts.push(component ? cloneElement(component, { key: match.index }, inner) : inner);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
