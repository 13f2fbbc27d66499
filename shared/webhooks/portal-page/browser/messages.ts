import {
  type Attempt,
  call,
  type Endpoint,
  type EventType,
  type LogMessage,
  type MessagePayload,
  type Resent,
} from './api';
import { byId, el, epochOf, fillFacts, hiddenText, statusOf, timeOf } from './dom';
import { onClick, onSubmit, pause, say } from './feedback';

/**
 * An endpoint's messages (messages/get, narrowed to the endpoint), a message's attempts and resend.
 * The log lists every endpoint's messages, so a page may hold few of this endpoint's: the page reads
 * on (up to a few pages) until it has enough to show, and "More messages" reads the rest.
 */

/** One message as shown: the log's message and this endpoint's state of it. */
interface Row {
  message: LogMessage;
  status: string;
  attemptCount: number;
}

const pageSize = 50;
/** Reads of the log per "show" or "more", at most: enough rows, or stop and offer more. */
const readsPerShow = 4;

const state: {
  endpoint?: Endpoint;
  rows: Row[];
  nextPageToken?: string;
  open?: Row;
  /** Called after something that changes the endpoint's counts (a resend). */
  onChange: () => void;
  /** The latest show: a read begun for an earlier one (another endpoint, or the same one again) is dropped. */
  shown?: object;
} = { rows: [], onChange: () => undefined };

const filterForm = () => byId<HTMLFormElement>('message-filter');

/** Fills the event-type filter from the catalog. */
export function setEventTypes(types: EventType[]): void {
  const select = filterForm().elements.namedItem('eventType') as HTMLSelectElement;
  select.append(...types.map((type) => el('option', { value: type.name }, type.name)));
}

/**
 * Shows the first page of an endpoint's messages under the current filter. The table says it is busy
 * (`aria-busy`) from the moment it empties until the read rows are in it.
 */
export async function showMessages(endpoint: Endpoint, onChange: () => void): Promise<void> {
  const table = byId('message-table');
  table.setAttribute('aria-busy', 'true');
  const shown = {};
  state.shown = shown;
  state.endpoint = endpoint;
  state.onChange = onChange;
  state.rows = [];
  state.nextPageToken = undefined;
  closeMessage(false);
  try {
    await readMessages();
  } finally {
    if (state.shown === shown) table.removeAttribute('aria-busy');
  }
}

/** The filter as messages/get takes it. */
function filter(): Record<string, unknown> {
  const fields = new FormData(filterForm());
  const eventType = String(fields.get('eventType') ?? '');
  const status = String(fields.get('status') ?? '');
  const since = epochOf(String(fields.get('since') ?? ''));
  const until = epochOf(String(fields.get('until') ?? ''));
  return {
    ...(eventType && { eventTypes: [eventType] }),
    ...(status && { status }),
    ...(since !== undefined && { since }),
    ...(until !== undefined && { until }),
  };
}

async function readMessages(): Promise<void> {
  const { endpoint, shown } = state;
  if (!endpoint) return;
  const wanted = filter();
  const before = state.rows.length;
  for (let read = 0; read < readsPerShow; read++) {
    const page = await call<LogMessage[]>('messages/get', {
      ...wanted,
      limit: pageSize,
      ...(state.nextPageToken && { pageToken: state.nextPageToken }),
    });
    if (state.shown !== shown) return;
    for (const message of page.data) {
      const mine = message.endpoints.find((target) => target.endpointId === endpoint.id);
      // The log's status filter holds when any endpoint has the status: this one must.
      if (!mine || (wanted.status && mine.status !== wanted.status)) continue;
      state.rows.push({ message, status: mine.status, attemptCount: mine.attemptCount });
    }
    state.nextPageToken = page.nextPageToken;
    if (!state.nextPageToken || state.rows.length - before >= pageSize / 2) break;
  }
  renderRows();
}

function renderRows(): void {
  const body = byId('message-table').querySelector('tbody') as HTMLTableSectionElement;
  body.replaceChildren(
    ...state.rows.map((row) => {
      const { message } = row;
      const button = el(
        'button',
        { type: 'button', class: 'secondary' },
        'Attempts',
        hiddenText(` of ${message.eventType} at ${new Date(message.timestamp).toLocaleString()}`),
      );
      button.addEventListener('click', () => void openMessage(row, button));
      return el(
        'tr',
        { 'aria-current': state.open === row ? 'true' : undefined },
        el('td', {}, timeOf(message.timestamp)),
        el('td', {}, el('code', {}, message.eventType)),
        el('td', {}, statusOf(row.status)),
        el('td', {}, String(row.attemptCount)),
        el('td', {}, button),
      );
    }),
  );
  byId('no-messages').hidden = state.rows.length > 0;
  byId('more-messages').hidden = !state.nextPageToken;
}

let returnFocusTo: HTMLElement | undefined;

async function openMessage(row: Row, from: HTMLElement): Promise<void> {
  state.open = row;
  returnFocusTo = from;
  renderRows();
  renderMessageFacts(row);
  byId('attempt-table').querySelector('tbody')?.replaceChildren();
  byId('message-payload').textContent = '';
  const detail = byId('message-detail');
  detail.hidden = false;
  const title = byId('message-title');
  title.tabIndex = -1;
  title.focus();
  await Promise.all([readAttempts(row), readPayload(row)]);
}

/** Reads and shows the open message as this endpoint receives it. */
async function readPayload(row: Row): Promise<void> {
  const read = await call<MessagePayload>('messages/payload/get', {
    messageId: row.message.messageId,
    timestamp: row.message.timestamp,
    endpointId: state.endpoint?.id ?? '',
  });
  if (state.open === row) byId('message-payload').textContent = JSON.stringify(read.data.payload, null, 2);
}

function renderMessageFacts(row: Row): void {
  const { message } = row;
  byId('message-title').textContent = `Message ${message.messageId}`;
  fillFacts(byId('message-facts'), [
    ['Event type', el('code', {}, message.eventType)],
    ['Time', timeOf(message.timestamp)],
    ['Channels', message.channels.length ? message.channels.join(', ') : 'none'],
    ['Status', statusOf(row.status)],
  ]);
}

/** Reads and shows the open message's attempts to this endpoint; answers them. */
async function readAttempts(row: Row): Promise<Attempt[]> {
  const endpointId = state.endpoint?.id ?? '';
  const attempts = await call<Attempt[]>('messages/attempts/get', {
    messageId: row.message.messageId,
    timestamp: row.message.timestamp,
    endpointId,
  });
  if (state.open !== row) return attempts.data;
  byId('attempt-table')
    .querySelector('tbody')
    ?.replaceChildren(
      ...attempts.data.map((attempt) =>
        el(
          'tr',
          {},
          el('td', {}, timeOf(attempt.at)),
          el('td', {}, statusOf(attempt.status)),
          el('td', {}, attempt.statusCode === null ? '—' : String(attempt.statusCode)),
          el('td', {}, `${attempt.durationMs} ms`),
          el('td', { class: 'response' }, attempt.response ? el('code', {}, attempt.response) : '—'),
          el('td', {}, attempt.trigger === 'manual' ? 'Resend' : 'Scheduled'),
        ),
      ),
    );
  return attempts.data;
}

function closeMessage(restoreFocus: boolean): void {
  state.open = undefined;
  byId('message-detail').hidden = true;
  if (restoreFocus && returnFocusTo?.isConnected) returnFocusTo.focus();
  renderRows();
}

/** Resends the open message now and waits (a minute at most) for its attempt's outcome. */
async function resend(): Promise<void> {
  const row = state.open;
  const endpointId = state.endpoint?.id;
  if (!row || !endpointId) return;
  const { message } = row;
  const sent = await call<Resent>('messages/resend', {
    messageId: message.messageId,
    timestamp: message.timestamp,
    endpointId,
  });
  say('Resending…');
  for (let poll = 0; poll < 60 && state.open === row; poll++) {
    const made = (await readAttempts(row)).find((attempt) => attempt.attemptId === sent.data.attemptId);
    if (made) {
      // A successful attempt makes the message succeeded (whatever it was); a failed one leaves it.
      if (made.status === 'success') row.status = 'succeeded';
      row.attemptCount += 1;
      renderRows();
      renderMessageFacts(row);
      state.onChange();
      say(made.status === 'success' ? 'Resent: delivered.' : `Resent: the attempt failed (${made.status}).`);
      return;
    }
    await pause(1000);
  }
}

/** Wires the message controls (once, at start). */
export function wireMessages(): void {
  // A scrollable block takes focus, so the keyboard can scroll it.
  byId('message-payload').tabIndex = 0;
  onSubmit(filterForm(), async () => {
    if (state.endpoint) await showMessages(state.endpoint, state.onChange);
  });
  onClick(byId('more-messages'), readMessages);
  onClick(byId('resend'), resend);
  byId('close-message').addEventListener('click', () => closeMessage(true));
}
