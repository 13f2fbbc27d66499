/** Small DOM helpers: elements built from text only (never HTML strings), and the page's words for times and states. */

type Child = Node | string | null | undefined | false;

/** An element with attributes (`hidden: true` sets a boolean attribute) and children. */
export function el<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[Tag] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  element.append(...children.filter((child): child is Node | string => Boolean(child)));
  return element;
}

/** An element of the page by id; a missing one is a bug of the page itself. */
export function byId<Type extends HTMLElement = HTMLElement>(id: string): Type {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing`);
  return element as Type;
}

/** Text only screen readers read (`.sr-only`): tells apart buttons that look alike. */
export const hiddenText = (text: string) => el('span', { class: 'sr-only' }, text);

/** A `<time>` for epoch ms, in the reader's locale. */
export const timeOf = (ms: number) =>
  el('time', { datetime: new Date(ms).toISOString() }, new Date(ms).toLocaleString());

/** How a message's status reads: `dead` is a message whose attempts all failed. */
export const statusWords: Record<string, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  dead: 'Failed',
  success: 'Success',
  failure: 'Failure',
  timeout: 'Timeout',
  refused: 'Refused',
  error: 'Error',
};

export const statusOf = (status: string) =>
  el('span', { class: `status-${status}` }, statusWords[status] ?? status);

/** A `datetime-local` value (local time, minutes) for epoch ms. */
export function localInputValue(ms: number): string {
  const date = new Date(ms);
  date.setMinutes(date.getMinutes() - date.getTimezoneOffset());
  return date.toISOString().slice(0, 16);
}

/** Epoch ms of a `datetime-local` value, or undefined when empty. */
export const epochOf = (value: string): number | undefined => (value ? new Date(value).getTime() : undefined);

/** Replaces a definition list's content with `[term, description]` pairs. */
export function fillFacts(list: HTMLElement, facts: [string, Child][]): void {
  list.replaceChildren(
    ...facts.flatMap(([term, description]) => [el('dt', {}, term), el('dd', {}, description)]),
  );
}

/** Asks before something that cannot be undone; resolves true on Confirm. Esc or Cancel: false. */
export function confirmAction(question: string, confirmLabel: string): Promise<boolean> {
  const dialog = byId<HTMLDialogElement>('confirm');
  byId('confirm-text').textContent = question;
  const ok = byId<HTMLButtonElement>('confirm-ok');
  ok.textContent = confirmLabel;
  const cancel = byId<HTMLButtonElement>('confirm-cancel');
  return new Promise((answer) => {
    const done = (confirmed: boolean) => {
      ok.onclick = null;
      cancel.onclick = null;
      dialog.onclose = null;
      if (dialog.open) dialog.close();
      answer(confirmed);
    };
    ok.onclick = () => done(true);
    cancel.onclick = () => done(false);
    dialog.onclose = () => done(false);
    dialog.showModal();
    cancel.focus();
  });
}
