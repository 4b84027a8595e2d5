import { vi } from 'vitest';

/** jsdom has no modal dialogs; this stand-in is enough to open and close one in tests. */
export function installDialogPolyfill() {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __polyfilled?: boolean };
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.show = proto.showModal;
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Replaces fetch with a fake API: the CSRF endpoint hands out a token and the contact endpoint answers
 * with `status` and `body`.
 */
export function mockContactApi(status = 201, body: unknown = { data: { id: 'req-1' } }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/api/csrf')) return json(200, { data: { token: 'test-token' } });
    if (url.endsWith('/api/mail/contact')) return json(status, body);
    return json(404, { error: { code: 'NOT_FOUND', message: 'No encontrado' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies posted to the contact endpoint so far. */
export function contactPosts(fetchMock: ReturnType<typeof mockContactApi>): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input).endsWith('/api/mail/contact') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}
