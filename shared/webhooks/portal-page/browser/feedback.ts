import { CallError } from './api';
import { byId } from './dom';

/** What the page tells its reader: one polite notice, one problem (an alert), and the session's mode. */

/** Shows a notice (read out politely) and clears the last problem. */
export function say(text: string): void {
  byId('problem').textContent = '';
  byId('notice').textContent = text;
}

/** Shows what went wrong; an expired or revoked session closes the page's content. */
export function report(error: unknown): void {
  byId('notice').textContent = '';
  if (error instanceof CallError && error.status === 'UNAUTHENTICATED') {
    closeSession('This portal link has expired or was revoked. Ask the app for a new one.');
    return;
  }
  byId('problem').textContent =
    error instanceof CallError ? error.message : 'Something went wrong. Reload the page to try again.';
}

/** Hides the portal, leaving a problem that says why. */
export function closeSession(why: string): void {
  byId('portal').hidden = true;
  byId('catalog-section').hidden = true;
  byId('problem').textContent = why;
}

/** A read-only session sees no control that would change anything (each would be refused). */
export function setReadOnly(readOnly: boolean): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-write]')) element.hidden = readOnly;
  const note = byId('session-note');
  note.hidden = !readOnly;
  note.textContent = readOnly ? 'Read-only session: you can look at everything here, but not change it.' : '';
}

const running = new WeakSet<HTMLElement>();

/**
 * Runs a button's action once at a time (a second click while it runs does nothing), reporting a
 * failure. The button keeps its focus, so a keyboard user stays where they were.
 */
export function onClick(button: HTMLElement, action: () => Promise<void>): void {
  button.addEventListener('click', () => {
    if (running.has(button)) return;
    running.add(button);
    button.setAttribute('aria-busy', 'true');
    action()
      .catch(report)
      .finally(() => {
        running.delete(button);
        button.removeAttribute('aria-busy');
      });
  });
}

/** Like `onClick`, for a form's submit (Enter in a field or its submit button); the page never navigates. */
export function onSubmit(form: HTMLFormElement, action: (fields: FormData) => Promise<void>): void {
  let busy = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    action(new FormData(form))
      .catch(report)
      .finally(() => {
        busy = false;
      });
  });
}

/** Resolves after `ms` (between polls of a task the page waits for). */
export const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
