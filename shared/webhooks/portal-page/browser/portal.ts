import {
  CallError,
  call,
  type Endpoint,
  type EndpointPage,
  type EventType,
  type RecoverStarted,
  type RecoverStatus,
  type Secret,
  type Stats,
  sessionScope,
  token,
} from './api';
import { byId, confirmAction, el, epochOf, fillFacts, localInputValue } from './dom';
import { closeSession, onClick, onSubmit, pause, report, say, setReadOnly } from './feedback';
import { setEventTypes, showMessages, wireMessages } from './messages';

/**
 * The webhook portal: an app's customer sees and fixes their own webhook endpoints with a portal
 * session's token. Endpoints (create, edit, disable, delete, the signing secret), each one's stats,
 * messages and attempts (./messages.ts), recover, and the event catalog.
 */

/** How far back recover may reach (the contract's 14 days). */
const recoverWindowMs = 14 * 24 * 60 * 60 * 1000;

const state: { endpoints: Endpoint[]; iterator: string | null; done: boolean; selected?: Endpoint } = {
  endpoints: [],
  iterator: null,
  done: true,
};

const endpointForm = () => byId<HTMLFormElement>('endpoint-form');

async function readEndpoints(more: boolean): Promise<void> {
  const page = await call<EndpointPage>('endpoints/get', {
    limit: 50,
    ...(more && state.iterator && { iterator: state.iterator }),
  });
  state.endpoints = more ? [...state.endpoints, ...page.data.endpoints] : page.data.endpoints;
  state.iterator = page.data.iterator;
  state.done = page.data.done;
  renderEndpoints();
}

const describeState = (endpoint: Endpoint) =>
  [endpoint.disabled ? 'Disabled' : 'Enabled', endpoint.description].filter(Boolean).join(' · ');

function renderEndpoints(): void {
  byId('endpoint-list').replaceChildren(
    ...state.endpoints.map((endpoint) => {
      const button = el(
        'button',
        { type: 'button', 'aria-current': endpoint.id === state.selected?.id ? 'true' : undefined },
        el('span', { class: 'url' }, endpoint.url),
        el('span', { class: 'state' }, describeState(endpoint)),
      );
      onClick(button, () => select(endpoint));
      return el('li', {}, button);
    }),
  );
  byId('no-endpoints').hidden = state.endpoints.length > 0;
  byId('more-endpoints').hidden = state.done;
}

/** Shows one endpoint: its facts, stats and messages. */
async function select(endpoint: Endpoint): Promise<void> {
  state.selected = endpoint;
  byId('endpoint-form-section').hidden = true;
  byId('endpoint-detail').hidden = false;
  renderEndpoints();
  renderEndpoint(endpoint);
  byId('secret').textContent = 'Hidden';
  byId('recover-status').textContent = '';
  const since = byId<HTMLInputElement>('recover-form').querySelector<HTMLInputElement>('[name="since"]');
  if (since) since.min = localInputValue(Date.now() - recoverWindowMs);
  await Promise.all([readStats(), showMessages(endpoint, () => void readStats().catch(report))]);
}

function renderEndpoint(endpoint: Endpoint): void {
  byId('endpoint-title').textContent = endpoint.url;
  const list = (values: string[] | null, all: string) => (values ? values.join(', ') : all);
  fillFacts(byId('endpoint-facts'), [
    ['State', endpoint.disabled ? 'Disabled' : 'Enabled'],
    ['Description', endpoint.description || '—'],
    ['Event types', list(endpoint.filterTypes, 'every type')],
    ['Channels', list(endpoint.channels, 'every channel')],
    ['Rate limit', endpoint.rateLimit === null ? 'none' : `${endpoint.rateLimit} per second`],
    ['Id', el('code', {}, endpoint.id)],
  ]);
  byId('toggle-endpoint').textContent = endpoint.disabled ? 'Enable' : 'Disable';
}

/** Puts an endpoint as the service answered it in the list and, when selected, on show. */
function replaceEndpoint(endpoint: Endpoint): void {
  state.endpoints = state.endpoints.map((known) => (known.id === endpoint.id ? endpoint : known));
  if (state.selected?.id === endpoint.id) {
    state.selected = endpoint;
    renderEndpoint(endpoint);
  }
  renderEndpoints();
}

async function readStats(): Promise<void> {
  const endpoint = state.selected;
  if (!endpoint) return;
  const stats = await call<Stats>('endpoints/stats', { endpointId: endpoint.id });
  if (state.selected !== endpoint) return;
  fillFacts(byId('stats'), [
    ['Succeeded', String(stats.data.success)],
    ['Failed', String(stats.data.fail)],
    ['Pending', String(stats.data.pending)],
    ['Sending', String(stats.data.sending)],
  ]);
}

/** Opens the endpoint form, empty (create) or with an endpoint's fields (edit). */
function openForm(endpoint?: Endpoint): void {
  const form = endpointForm();
  form.reset();
  form.dataset.endpointId = endpoint?.id ?? '';
  byId('endpoint-form-title').textContent = endpoint ? `Edit ${endpoint.url}` : 'Add endpoint';
  if (endpoint) {
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
    field('url').value = endpoint.url;
    field('description').value = endpoint.description;
    field('channels').value = endpoint.channels?.join(', ') ?? '';
    field('rateLimit').value = endpoint.rateLimit === null ? '' : String(endpoint.rateLimit);
    for (const box of form.querySelectorAll<HTMLInputElement>('[name="filterTypes"]'))
      box.checked = endpoint.filterTypes?.includes(box.value) ?? false;
  }
  byId('endpoint-detail').hidden = true;
  byId('endpoint-form-section').hidden = false;
  (form.elements.namedItem('url') as HTMLInputElement).focus();
}

function closeForm(): void {
  byId('endpoint-form-section').hidden = true;
  byId('endpoint-detail').hidden = !state.selected;
}

/** The form's fields as the create and update routes take them (empty lists: every type, channel). */
function endpointFields(fields: FormData) {
  const filterTypes = fields.getAll('filterTypes').map(String);
  const channels = String(fields.get('channels') ?? '')
    .split(',')
    .map((channel) => channel.trim())
    .filter(Boolean);
  const rateLimit = String(fields.get('rateLimit') ?? '');
  return {
    url: String(fields.get('url') ?? ''),
    description: String(fields.get('description') ?? ''),
    filterTypes: filterTypes.length ? filterTypes : null,
    channels: channels.length ? channels : null,
    rateLimit: rateLimit ? Number(rateLimit) : null,
  };
}

async function saveEndpoint(fields: FormData): Promise<void> {
  const endpointId = endpointForm().dataset.endpointId;
  const saved = endpointId
    ? await call<Endpoint>('endpoints/update', { endpointId, ...endpointFields(fields) })
    : await call<Endpoint>('endpoints/create', endpointFields(fields));
  if (endpointId) replaceEndpoint(saved.data);
  else await readEndpoints(false);
  say(endpointId ? 'Endpoint saved.' : 'Endpoint added.');
  await select(saved.data);
  byId('endpoint-title').focus();
}

async function toggleEndpoint(): Promise<void> {
  const endpoint = state.selected;
  if (!endpoint) return;
  const updated = await call<Endpoint>('endpoints/update', {
    endpointId: endpoint.id,
    disabled: !endpoint.disabled,
  });
  replaceEndpoint(updated.data);
  say(updated.data.disabled ? 'Endpoint disabled: nothing is sent to it.' : 'Endpoint enabled.');
}

async function deleteEndpoint(): Promise<void> {
  const endpoint = state.selected;
  if (!endpoint) return;
  if (!(await confirmAction(`Delete the endpoint ${endpoint.url}? Its messages stop.`, 'Delete'))) return;
  await call('endpoints/delete', { endpointId: endpoint.id });
  state.selected = undefined;
  byId('endpoint-detail').hidden = true;
  await readEndpoints(false);
  say('Endpoint deleted.');
  byId('add-endpoint').focus();
}

async function showSecret(route: 'endpoints/secret/get' | 'endpoints/secret/rotate'): Promise<void> {
  const endpoint = state.selected;
  if (!endpoint) return;
  if (
    route === 'endpoints/secret/rotate' &&
    !(await confirmAction('Rotate the signing secret? The old one keeps signing for 24 hours.', 'Rotate'))
  )
    return;
  const secret = await call<Secret>(route, { endpointId: endpoint.id });
  byId('secret').textContent = secret.data.secret;
  say(route === 'endpoints/secret/rotate' ? 'Secret rotated: the previous one signs for 24 more hours.' : '');
}

/** Sends the endpoint's failed messages in the window again, and follows the task to its end. */
async function recover(fields: FormData): Promise<void> {
  const endpoint = state.selected;
  const since = epochOf(String(fields.get('since') ?? ''));
  const until = epochOf(String(fields.get('until') ?? ''));
  if (!endpoint || since === undefined) return;
  const status = byId('recover-status');
  const started = await call<RecoverStarted>('endpoints/recover', {
    endpointId: endpoint.id,
    since,
    ...(until !== undefined && { until }),
  });
  status.textContent = 'Recovering…';
  for (;;) {
    const task = await call<RecoverStatus>('endpoints/recover/status', { taskId: started.data.taskId });
    if (task.data.status === 'completed' || task.data.status === 'failed') {
      // The messages and counts change: show them again, then the outcome.
      if (state.selected === endpoint) await select(endpoint);
      status.textContent =
        task.data.status === 'completed'
          ? `Recovered ${task.data.recovered} of ${task.data.total} failed messages.`
          : `Recovery stopped after ${task.data.recovered} of ${task.data.total} failed messages.`;
      return;
    }
    status.textContent = `Recovering: ${task.data.recovered} of ${task.data.total} failed messages…`;
    await pause(1000);
  }
}

function renderCatalog(types: EventType[]): void {
  const json = (value: unknown) => el('pre', { tabindex: '0' }, JSON.stringify(value, null, 2));
  byId('catalog').replaceChildren(
    ...types.map((type) =>
      el(
        'details',
        {},
        el('summary', {}, el('code', {}, type.name), ` — ${type.description}`),
        el('p', {}, 'Example message'),
        json(type.example),
        el('p', {}, 'JSON Schema'),
        json(type.schema),
      ),
    ),
  );
  byId('filter-types').replaceChildren(
    ...types.map((type) =>
      el('label', {}, el('input', { type: 'checkbox', name: 'filterTypes', value: type.name }), type.name),
    ),
  );
}

function wire(): void {
  onClick(byId('add-endpoint'), async () => openForm());
  onClick(byId('edit-endpoint'), async () => openForm(state.selected));
  byId('cancel-endpoint-form').addEventListener('click', closeForm);
  onSubmit(endpointForm(), saveEndpoint);
  onClick(byId('more-endpoints'), () => readEndpoints(true));
  onClick(byId('toggle-endpoint'), toggleEndpoint);
  onClick(byId('delete-endpoint'), deleteEndpoint);
  onClick(byId('reveal-secret'), () => showSecret('endpoints/secret/get'));
  onClick(byId('rotate-secret'), () => showSecret('endpoints/secret/rotate'));
  onSubmit(byId<HTMLFormElement>('recover-form'), recover);
  byId('endpoint-title').tabIndex = -1;
  wireMessages();
}

async function start(): Promise<void> {
  if (!token) {
    closeSession('Open this page from the link the app gives you: the link carries your session.');
    return;
  }
  wire();
  say('Loading…');
  const [scope, catalog] = await Promise.all([sessionScope(), call<EventType[]>('eventtypes/get', {})]);
  setReadOnly(scope.readOnly);
  renderCatalog(catalog.data);
  setEventTypes(catalog.data);
  byId('portal').hidden = false;
  byId('catalog-section').hidden = false;
  await readEndpoints(false);
  say('');
  const first = state.endpoints[0];
  if (first) await select(first);
}

start().catch((error: unknown) => {
  if (error instanceof CallError) report(error);
  else closeSession('The portal could not start. Reload the page to try again.');
});
