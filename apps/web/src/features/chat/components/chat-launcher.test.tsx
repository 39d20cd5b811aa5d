import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  CHAT_MAX_FILE_BYTES,
  CHAT_MAX_FILES,
  CHAT_SESSION_COOKIE,
  CHAT_SUGERENCIAS_DEFECTO,
  CHAT_SUGERENCIAS_VENTAS,
  sugerenciasChat,
  type TChatData,
} from '@radica/contracts/chat';
import { MSG_CHAT } from '@radica/contracts/messages-chat';
import { OPEN_CHAT_EVENT, requestOpenChat } from '../../../lib/open-chat';
import { getAppQueryClient } from '../../../lib/query-client';
import { clearSession, setAuthenticated } from '../../../lib/session';
import { readChatSessionId } from '../utils/chat-session';
import { ChatLauncher } from './chat-launcher';

const USER = {
  id: 41,
  name: 'IPS Chat',
  email: 'chat@ips.co',
  tenant: { validator: 'VAL-41', database: 'db_41' },
  authType: 'manual' as const,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const reply = (output: string, articulos: TChatData['articulos'] = []) =>
  json(200, { success: true, data: { output, articulos, fuente: 'asistente' } });
const PRODUCTS_NONE = { ministerio: false, facturacion: false, marketing: false, automatizaciones: false };

type TChatCall = { body: Record<string, unknown> | FormData; headers: Record<string, string> };

/**
 * Stub the API: GET /api/Auth/productos-comprados answers `products`; POST /api/chat answers with `chat` (by default
 * 'Respuesta N'). Returns the chat calls, each with its parsed JSON body (or its FormData) and headers.
 */
function stubApi({
  products = { ...PRODUCTS_NONE, ministerio: true },
  chat,
}: {
  products?: Record<string, boolean>;
  chat?: (n: number) => Response | Promise<Response>;
} = {}) {
  const calls: TChatCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.startsWith('/api/Auth/productos-comprados'))
        return json(200, { success: true, data: { ...products, productosDetalle: [] } });
      if (url === '/api/chat') {
        const body =
          init.body instanceof FormData
            ? init.body
            : (JSON.parse(String(init.body)) as Record<string, unknown>);
        calls.push({ body, headers: init.headers as Record<string, string> });
        return chat ? chat(calls.length) : reply(`Respuesta ${calls.length}`);
      }
      return json(404, { success: false, message: 'No existe' });
    }),
  );
  return calls;
}

const signIn = () =>
  setAuthenticated(USER, {
    accessToken: 'tok',
    accessTokenExpiry: new Date(Date.now() + 3_600_000).toISOString(),
  });

function renderChat(isVisible = true) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <p>Página</p>
            <ChatLauncher isVisible={isVisible} />
          </>
        ),
      },
    ],
    { initialEntries: ['/Inicio'] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

const launcher = () => screen.getByRole('button', { name: MSG_CHAT.chatOpen });

async function openChat(title: string = MSG_CHAT.chatTechnicalTitle) {
  fireEvent.click(launcher());
  const dialog = await screen.findByRole('dialog', { name: title });
  const input = within(dialog).getByRole('textbox', { name: MSG_CHAT.chatInputLabel }) as HTMLTextAreaElement;
  return { dialog, input, log: within(dialog).getByRole('log', { name: MSG_CHAT.chatMessagesLabel }) };
}

function type(input: HTMLTextAreaElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
}
/** Press Enter (or Shift+Enter) in the box; true when the browser's default (a new line) was kept. */
function pressEnter(input: HTMLTextAreaElement, shiftKey = false): boolean {
  return fireEvent.keyDown(input, { key: 'Enter', shiftKey });
}

const fileOf = (name: string, size = 10) => {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
function attach(dialog: HTMLElement, files: File[]) {
  const picker = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(picker, { target: { files } });
}
const alertOf = (dialog: HTMLElement) => within(dialog).getByRole('alert');
const suggestionTexts = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: MSG_CHAT.chatSuggestionsLabel }))
    .getAllByRole('button')
    .map((b) => b.textContent);

beforeAll(async () => {
  await import('./chat-panel'); // the lazy panel, loaded once so the first test does not wait for the transform
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  getAppQueryClient().clear();
  document.cookie = `${CHAT_SESSION_COOKIE}=; Max-Age=0; Path=/`;
});

describe('chat button and panel (seed 001 §2 "Chat assistants"; accessibility)', () => {
  it('opens a labelled dialog with focus in the message box; Esc closes it and gives focus back to the button', async () => {
    signIn();
    stubApi();
    renderChat();
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    const { dialog, input } = await openChat();
    expect(dialog.getAttribute('aria-modal')).toBeNull(); // non-modal: the page stays usable
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(launcher().getAttribute('aria-expanded')).toBe('true');
    for (const name of [MSG_CHAT.chatReset, MSG_CHAT.chatClose, MSG_CHAT.chatAttach, MSG_CHAT.chatSend])
      expect(within(dialog).getByRole('button', { name })).toBeTruthy();

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(launcher());

    fireEvent.click(launcher());
    const again = await screen.findByRole('dialog', { name: MSG_CHAT.chatTechnicalTitle });
    await waitFor(() => expect(document.activeElement).toBe(within(again).getByRole('textbox')));
    fireEvent.click(within(again).getByRole('button', { name: MSG_CHAT.chatClose }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(launcher());
  });

  it("answers 'Soporte' links (lib/open-chat.ts) by opening; none while hidden", async () => {
    stubApi();
    const { unmount } = renderChat();
    let opened = false;
    act(() => {
      opened = requestOpenChat();
    });
    expect(opened).toBe(true);
    expect(await screen.findByRole('dialog', { name: MSG_CHAT.chatSalesTitle })).toBeTruthy();
    unmount();

    renderChat(false);
    expect(screen.queryByRole('button', { name: MSG_CHAT.chatOpen })).toBeNull();
    const event = new CustomEvent(OPEN_CHAT_EVENT, { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('shows the sales assistant to a visitor and the technical one to a signed-in user, with a new conversation', async () => {
    stubApi();
    renderChat();
    const { input, log } = await openChat(MSG_CHAT.chatSalesTitle);
    type(input, 'Hola');
    pressEnter(input);
    await within(log).findByText('Respuesta 1');
    const visitorSession = readChatSessionId();

    act(() => signIn());
    const technical = await screen.findByRole('dialog', { name: MSG_CHAT.chatTechnicalTitle });
    expect(within(technical).queryByText('Respuesta 1')).toBeNull();
    await waitFor(() => expect(readChatSessionId()).not.toBe(visitorSession)); // another person, another session
  });
});

describe('sending (seed 001 §2, §5 "Chat", §7)', () => {
  it('sends with Enter; Shift+Enter keeps the new line and sends nothing', async () => {
    signIn();
    const calls = stubApi();
    renderChat();
    const { input, log } = await openChat();
    type(input, 'Primera línea');
    expect(pressEnter(input, true)).toBe(true);
    expect(calls).toHaveLength(0);
    type(input, 'Primera línea\nsegunda');
    expect(pressEnter(input)).toBe(false);
    await within(log).findByText('Respuesta 1');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      sessionId: readChatSessionId(),
      action: 'sendMessage',
      chatInput: 'Primera línea\nsegunda',
    });
    expect(calls[0]!.headers.Authorization).toBe('Bearer tok'); // signed in: the technical assistant
    expect(input.value).toBe('');
    const items = within(log).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain(`${MSG_CHAT.chatUserLabel}: Primera línea\nsegunda`);
    expect(items[1]!.textContent).toContain(`${MSG_CHAT.chatTechnicalTitle}: Respuesta 1`);
    expect(items[1]!.querySelector('time')!.textContent).toMatch(/^\d{2}:\d{2}$/);
  });

  it('sends no blank message and says why', async () => {
    signIn();
    const calls = stubApi();
    renderChat();
    const { dialog, input } = await openChat();
    type(input, '   \n ');
    expect(pressEnter(input)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_CHAT.chatSend }));
    expect(alertOf(dialog).textContent).toBe(MSG_CHAT.chatEmptyMessage);
    expect(calls).toHaveLength(0);
  });

  it('sends nothing while a reply is awaited, shows the waiting indicator, then the reply', async () => {
    signIn();
    let answer: (r: Response) => void = () => {};
    const calls = stubApi({ chat: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderChat();
    const { dialog, input, log } = await openChat();
    type(input, 'Uno');
    pressEnter(input);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(within(log).getByText(MSG_CHAT.chatWaiting)).toBeTruthy();
    const send = within(dialog).getByRole('button', { name: MSG_CHAT.chatSend });
    expect(send.getAttribute('aria-disabled')).toBe('true');
    type(input, 'Dos');
    pressEnter(input);
    fireEvent.click(send);
    expect(calls).toHaveLength(1);
    expect(input.value).toBe('Dos'); // kept for when the reply has come
    await act(async () => answer(reply('Listo')));
    await within(log).findByText('Listo');
    expect(within(log).queryByText(MSG_CHAT.chatWaiting)).toBeNull();
    expect(send.getAttribute('aria-disabled')).toBe('false');
    pressEnter(input);
    await waitFor(() => expect(calls).toHaveLength(2));
  });
});

describe('replies (seed 001 §2, §5 "Chat", §7)', () => {
  it("shows the failure text for a failed webhook (502) or no connection, and the API's own text for a 4xx", async () => {
    signIn();
    const answers = [
      () => json(502, { success: false, message: 'El asistente no respondió.', code: 'CHAT_UNAVAILABLE' }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () =>
        json(429, {
          success: false,
          message: 'Demasiadas preguntas; espera un minuto.',
          code: 'RATE_LIMITED',
        }),
      () => json(413, { statusCode: 413, code: 'FST_REQ_FILE_TOO_LARGE', message: 'request file too large' }),
    ];
    stubApi({ chat: (n) => answers[n - 1]!() });
    renderChat();
    const { input, log } = await openChat();
    const ask = async (text: string, expected: string, count: number) => {
      type(input, text);
      pressEnter(input);
      await waitFor(() => expect(within(log).getAllByText(expected)).toHaveLength(count));
    };
    await ask('a', MSG_CHAT.chatError, 1);
    await ask('b', MSG_CHAT.chatError, 2);
    await ask('c', 'Demasiadas preguntas; espera un minuto.', 1);
    await ask('d', MSG_CHAT.chatError, 3); // an English body without our code is not shown
  });

  it('shows the empty-reply text when the output is blank', async () => {
    signIn();
    stubApi({ chat: () => reply('  \n ') });
    renderChat();
    const { input, log } = await openChat();
    type(input, '¿?');
    pressEnter(input);
    expect(await within(log).findByText(MSG_CHAT.chatEmptyReply)).toBeTruthy();
  });

  it('renders links to screens of the app as router links and everything else as text', async () => {
    signIn();
    stubApi({
      chat: () =>
        reply(
          'Abre [Ministerio](/ministerio) o <b>negrita</b> <img src=x onerror=alert(1)>\n[afuera](https://malo.co) [js](javascript:alert(1)) [doble](//malo.co) **plan**',
          [
            { id: 'a1', titulo: 'Enviar al Ministerio', ruta: '/ministerio/nuevo' },
            { id: 'a2', titulo: 'Sin pantalla', ruta: null },
            { id: 'a3', titulo: 'Externa', ruta: 'https://malo.co' },
          ],
        ),
    });
    const { router } = renderChat();
    const { input, log } = await openChat();
    type(input, 'links');
    pressEnter(input);
    await within(log).findByText(/negrita/);
    const links = within(log).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Ministerio', '/ministerio'],
      ['Enviar al Ministerio', '/ministerio/nuevo'],
    ]);
    expect(log.querySelector('b, img')).toBeNull();
    expect([...log.querySelectorAll('strong')].map((el) => el.textContent)).toEqual(['plan']); // **plan**
    const bubble = within(log).getAllByRole('listitem')[1]!;
    expect(bubble.textContent).toContain(
      '<b>negrita</b> <img src=x onerror=alert(1)>\n[afuera](https://malo.co)',
    );
    expect(bubble.textContent).toContain('[js](javascript:alert(1)) [doble](//malo.co)');
    expect(within(log).getByText(MSG_CHAT.chatFuentes)).toBeTruthy();
    const sources = within(log).getByRole('list', { name: MSG_CHAT.chatFuentes });
    expect(
      within(sources)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Enviar al Ministerio', 'Sin pantalla', 'Externa']);
    fireEvent.click(links[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ministerio'));
  });
});

describe('suggestions (seed 001 §2, §6, §9)', () => {
  it("shows 4 suggestions split evenly across the user's modules until the first message; one click sends it", async () => {
    signIn();
    const calls = stubApi({ products: { ...PRODUCTS_NONE, ministerio: true, marketing: true } });
    renderChat();
    const { dialog, log } = await openChat();
    const expected = sugerenciasChat(['ministerio', 'marketing']);
    await waitFor(() => expect(suggestionTexts(dialog)).toEqual(expected));
    expect(expected).toHaveLength(4);
    fireEvent.click(within(dialog).getByRole('button', { name: expected[1]! }));
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox')); // not lost with the suggestions
    await within(log).findByText('Respuesta 1');
    expect((calls[0]!.body as Record<string, unknown>).chatInput).toBe(expected[1]);
    expect(within(dialog).queryByRole('list', { name: MSG_CHAT.chatSuggestionsLabel })).toBeNull();
  });

  it('shows the default suggestions to a user without modules', async () => {
    signIn();
    stubApi({ products: PRODUCTS_NONE });
    renderChat();
    const { dialog } = await openChat();
    await waitFor(() => expect(suggestionTexts(dialog)).toEqual([...CHAT_SUGERENCIAS_DEFECTO]));
  });

  it("shows the sales suggestions to a visitor and sends chatType 'sales' without a session", async () => {
    const calls = stubApi();
    renderChat();
    const { dialog, log } = await openChat(MSG_CHAT.chatSalesTitle);
    expect(suggestionTexts(dialog)).toEqual([...CHAT_SUGERENCIAS_VENTAS]);
    fireEvent.click(within(dialog).getByRole('button', { name: CHAT_SUGERENCIAS_VENTAS[0]! }));
    await within(log).findByText('Respuesta 1');
    expect(calls[0]!.body).toEqual({
      sessionId: readChatSessionId(),
      action: 'sendMessage',
      chatInput: CHAT_SUGERENCIAS_VENTAS[0],
      chatType: 'sales',
    });
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(within(dialog).queryByRole('list', { name: MSG_CHAT.chatSuggestionsLabel })).toBeNull();
  });
});

describe('session id and reset (seed 001 §2, §3, §4, §9)', () => {
  it('creates a random id in the cookie, reuses it, and reuses one the browser already has', async () => {
    signIn();
    const calls = stubApi();
    const first = renderChat();
    const { input, log } = await openChat();
    type(input, 'uno');
    pressEnter(input);
    await within(log).findByText('Respuesta 1');
    const id = readChatSessionId();
    expect(id).toMatch(UUID);
    expect((calls[0]!.body as Record<string, unknown>).sessionId).toBe(id);
    type(input, 'dos');
    pressEnter(input);
    await within(log).findByText('Respuesta 2');
    expect((calls[1]!.body as Record<string, unknown>).sessionId).toBe(id);
    first.unmount();

    document.cookie = `${CHAT_SESSION_COOKIE}=sesion-previa_123; Path=/`;
    renderChat();
    const again = await openChat();
    type(again.input, 'tres');
    pressEnter(again.input);
    await within(again.log).findByText('Respuesta 3');
    expect((calls[2]!.body as Record<string, unknown>).sessionId).toBe('sesion-previa_123');
  });

  it("'Nueva conversación' clears the messages, brings the suggestions back and starts a new session id", async () => {
    let answer: (r: Response) => void = () => {};
    const calls = stubApi({
      chat: (n) =>
        n === 2 ? new Promise<Response>((resolve) => (answer = resolve)) : reply(`Respuesta ${n}`),
    });
    document.cookie = `${CHAT_SESSION_COOKIE}=sesion-vieja-1; Path=/`;
    renderChat();
    const { dialog, input, log } = await openChat(MSG_CHAT.chatSalesTitle);
    type(input, 'Hola');
    pressEnter(input);
    await within(log).findByText('Respuesta 1');
    type(input, 'Otra');
    pressEnter(input);
    await waitFor(() => expect(calls).toHaveLength(2));

    fireEvent.click(within(dialog).getByRole('button', { name: MSG_CHAT.chatReset }));
    expect(within(log).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(log).queryByText(MSG_CHAT.chatWaiting)).toBeNull();
    expect(suggestionTexts(dialog)).toEqual([...CHAT_SUGERENCIAS_VENTAS]);
    const renewed = readChatSessionId();
    expect(renewed).toMatch(UUID);
    expect(renewed).not.toBe('sesion-vieja-1');

    await act(async () => answer(reply('Tarde'))); // the old conversation's reply is dropped
    expect(within(log).queryByText('Tarde')).toBeNull();
    type(input, 'Nueva');
    pressEnter(input);
    await within(log).findByText('Respuesta 3');
    expect((calls[2]!.body as Record<string, unknown>).sessionId).toBe(renewed);
  });
});

describe('attachments (seed 001 §5 "Chat", §9)', () => {
  it('refuses files over 10 MB and of other types with the exact texts, and keeps at most CHAT_MAX_FILES', async () => {
    signIn();
    const calls = stubApi();
    renderChat();
    const { dialog, input, log } = await openChat();
    attach(dialog, [
      fileOf('grande.pdf', CHAT_MAX_FILE_BYTES + 1),
      fileOf('justo.pdf', CHAT_MAX_FILE_BYTES),
      fileOf('programa.exe'),
      fileOf('SIN-EXTENSION'),
    ]);
    expect(
      within(alertOf(dialog))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'El archivo grande.pdf es demasiado grande. Máximo 10MB.',
      MSG_CHAT.chatFileType('programa.exe'),
      MSG_CHAT.chatFileType('SIN-EXTENSION'),
    ]);
    expect(within(dialog).getByRole('button', { name: MSG_CHAT.chatRemoveFile('justo.pdf') })).toBeTruthy();

    const more = ['a.docx', 'b.XLSX', 'c.png', 'd.json', 'e.xml'].map((name) => fileOf(name));
    attach(dialog, more);
    expect(alertOf(dialog).textContent).toBe(MSG_CHAT.chatTooManyFiles(CHAT_MAX_FILES));
    const chosen = ['justo.pdf', 'a.docx', 'b.XLSX', 'c.png', 'd.json'];
    for (const name of chosen)
      expect(within(dialog).getByRole('button', { name: MSG_CHAT.chatRemoveFile(name) })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: MSG_CHAT.chatRemoveFile('e.xml') })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: MSG_CHAT.chatRemoveFile('c.png') }));
    expect(alertOf(dialog).textContent).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_CHAT.chatSend })); // files alone may be sent
    expect(document.activeElement).toBe(input); // back to the box for the next message
    await within(log).findByText('Respuesta 1');
    const form = calls[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('sessionId')).toBe(readChatSessionId());
    expect(form.get('action')).toBe('sendMessage');
    expect(form.get('chatInput')).toBe('');
    expect(form.get('chatType')).toBeNull();
    expect(['file0', 'file1', 'file2', 'file3'].map((key) => (form.get(key) as File).name)).toEqual([
      'justo.pdf',
      'a.docx',
      'b.XLSX',
      'd.json',
    ]);
    expect(form.get('file4')).toBeNull();
    expect(within(log).getAllByRole('listitem')[0]!.textContent).toContain('d.json');
    expect(within(dialog).queryByRole('button', { name: MSG_CHAT.chatRemoveFile('justo.pdf') })).toBeNull();
    expect(input.value).toBe('');
  });

  it('takes files dropped on the panel or pasted in the box', async () => {
    signIn();
    stubApi();
    renderChat();
    const { dialog, input } = await openChat();
    fireEvent.drop(dialog, { dataTransfer: { files: [fileOf('soltado.pdf')], types: ['Files'] } });
    fireEvent.paste(input, { clipboardData: { files: [fileOf('pegado.png')], types: ['Files'] } });
    expect(within(dialog).getByRole('button', { name: MSG_CHAT.chatRemoveFile('soltado.pdf') })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: MSG_CHAT.chatRemoveFile('pegado.png') })).toBeTruthy();
  });

  it('has no attach button in the sales chat and refuses dropped or pasted files', async () => {
    const calls = stubApi();
    renderChat();
    const { dialog, input } = await openChat(MSG_CHAT.chatSalesTitle);
    expect(within(dialog).queryByRole('button', { name: MSG_CHAT.chatAttach })).toBeNull();
    expect(dialog.querySelector('input[type="file"]')).toBeNull();
    fireEvent.drop(dialog, { dataTransfer: { files: [fileOf('precios.pdf')], types: ['Files'] } });
    expect(alertOf(dialog).textContent).toBe('El chat de ventas no soporta archivos adjuntos');
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_CHAT.chatReset }));
    expect(alertOf(dialog).textContent).toBe('');
    fireEvent.paste(input, { clipboardData: { files: [fileOf('captura.png')], types: ['Files'] } });
    expect(alertOf(dialog).textContent).toBe(MSG_CHAT.chatSalesNoFiles);
    expect(within(dialog).queryByRole('button', { name: MSG_CHAT.chatRemoveFile('captura.png') })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
