import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, WebSocket, WebSocketRoute } from 'playwright-core';
import { messages } from '@velvet/core/messages';
import { launchBrowser, phoneContext, toastText } from './support/browser';
import { initiatorsOf } from './support/preloads';
import { startServer, type RunningServer } from './support/server';
import { memberPages } from './support/members';

/**
 * Messaging between two members, each in their own browser: live delivery, the unread badge,
 * deleting (own messages only), a dropped socket that catches up, and sending while offline.
 */

let server: RunningServer;
let browser: Browser;
let pages: ReturnType<typeof memberPages>;

interface Member {
  context: BrowserContext;
  page: Page;
  userId: string;
  displayName: string;
}

let alex: Member;
let billie: Member;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  pages = memberPages(browser, server);
  [alex, billie] = await Promise.all([member('Alex Rivers'), member('Billie Hart')]);
});
afterAll(async () => {
  await pages?.closeAll();
  await browser?.close();
  await server?.stop();
});

/** A signed-in member with a finished profile, in a phone-sized browser of their own. */
async function member(displayName: string): Promise<Member> {
  const { page, id } = await pages.join({ displayName });
  return { context: page.context(), page, userId: id, displayName };
}

const chat = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const bottomNavMessages = (page: Page) =>
  page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link', { name: /Messages/ });

/** Opens a chat and waits until the page's realtime socket is registered (its 'ready' event came). */
async function openChat(page: Page, otherId: string) {
  const ready = new Promise<void>((resolve) => {
    const onSocket = (ws: WebSocket) => {
      if (!ws.url().endsWith('/api/v1/realtime')) return;
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"type":"ready"')) {
          page.off('websocket', onSocket);
          resolve();
        }
      });
    };
    page.on('websocket', onSocket);
  });
  await page.goto(`/messages/${otherId}`);
  await chat(page).waitFor();
  await ready;
}

/** Holds the page's realtime socket back: it reaches the server when the function returned is called. */
async function holdSocket(page: Page): Promise<() => void> {
  let connect!: () => void;
  const held = new Promise<void>((resolve) => (connect = resolve));
  await page.routeWebSocket(/\/api\/v1\/realtime$/, async (ws) => {
    await held;
    ws.connectToServer();
  });
  return connect;
}

async function threadContents(page: Page, otherId: string): Promise<string[]> {
  const res = await page.request.get(`/api/v1/messages/conversations/${otherId}/messages?limit=100`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { items: { content: string }[] }).items.map((m) => m.content);
}

describe('messaging in real time', () => {
  it('delivers live both ways, shows text as text, and lets only the sender delete', async () => {
    await billie.page.goto('/messages');
    await billie.page.getByRole('heading', { name: messages.messaging.noConversations }).waitFor();

    // Alex starts the conversation from Billie's profile
    await alex.page.goto(`/profile/${billie.userId}`);
    await alex.page.getByRole('link', { name: `Message ${billie.displayName}` }).click();
    await alex.page.waitForURL(`**/messages/${billie.userId}`);
    await alex.page.getByText(messages.messaging.startConversation).waitFor();
    const send = alex.page.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    await composer(alex.page).fill('   ');
    expect(await send.isDisabled()).toBe(true);

    const hostile = 'Hello <b>there</b> <img src=x onerror="window.__pwned=1">';
    await composer(alex.page).fill(`  ${hostile}  `);
    await composer(alex.page).press('Enter');
    await chat(alex.page).getByText(hostile, { exact: true }).waitFor();
    expect(await composer(alex.page).inputValue()).toBe('');

    // on a small phone (360 × 640) the composer and Send are on screen without a scroll, above the bottom navigation
    const viewport = alex.page.viewportSize();
    await alex.page.setViewportSize({ width: 360, height: 640 });
    const nav = await alex.page.getByRole('navigation', { name: 'Bottom navigation' }).boundingBox();
    for (const [what, box] of [
      ['Send', await send.boundingBox()],
      ['Message', await composer(alex.page).boundingBox()],
    ] as const) {
      expect(box, what).not.toBeNull();
      expect(box!.y, what).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, what).toBeLessThanOrEqual(nav!.y);
    }
    if (viewport) await alex.page.setViewportSize(viewport);

    // Billie sees it without reloading: the conversation, then the unread badge
    const row = billie.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(`^${alex.displayName}`) });
    await row.getByLabel('1 unread').waitFor({ timeout: 10_000 });
    await bottomNavMessages(billie.page).getByLabel('1 unread').waitFor();
    // a long last message is cut short in the row, never widening the page past the phone's screen
    expect(await billie.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await row.click();
    await billie.page.waitForURL(`**/messages/${alex.userId}`);
    await chat(billie.page).getByText(hostile, { exact: true }).waitFor();
    expect(await billie.page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await chat(billie.page).locator('b, img').count()).toBe(0);
    // opening the thread read it: the badge is gone
    await bottomNavMessages(billie.page).getByLabel('1 unread').waitFor({ state: 'detached' });
    // Billie has no delete on Alex's message: its menu offers Report only
    await chat(billie.page).getByRole('button', { name: 'Message options' }).click();
    expect(await billie.page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await billie.page.getByRole('menuitem', { name: 'Report' }).waitFor();
    await billie.page.keyboard.press('Escape');
    await billie.page.getByRole('menuitem', { name: 'Report' }).waitFor({ state: 'detached' });

    // Shift+Enter is a new line; Enter sends; Alex sees the reply live
    await composer(billie.page).fill('Hi Alex!');
    await composer(billie.page).press('Shift+Enter');
    await composer(billie.page).pressSequentially('Fancy a drink?');
    expect(await composer(billie.page).inputValue()).toBe('Hi Alex!\nFancy a drink?');
    await billie.page.getByRole('button', { name: 'Send' }).click();
    await chat(alex.page).getByText('Fancy a drink?').waitFor();

    // Alex deletes their own message: it goes from both screens
    await chat(alex.page).getByRole('button', { name: 'Message options' }).first().click();
    await alex.page.getByRole('menuitem', { name: 'Delete' }).click();
    expect(await toastText(alex.page)).toContain(messages.messaging.deletedTitle);
    await chat(alex.page).getByText(hostile, { exact: true }).waitFor({ state: 'detached' });
    await chat(billie.page).getByText(hostile, { exact: true }).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await threadContents(billie.page, alex.userId)).toEqual(['Hi Alex!\nFancy a drink?']);
  });

  it('shows the other member typing', async () => {
    await Promise.all([openChat(alex.page, billie.userId), openChat(billie.page, alex.userId)]);
    await composer(alex.page).pressSequentially('Let me think', { delay: 20 });
    await billie.page.getByText('typing…').waitFor({ timeout: 10_000 });
    await composer(alex.page).fill('');
    await billie.page.getByText('typing…').waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('catches up after its socket is killed: messages sent meanwhile appear on reconnect', async () => {
    const sockets: WebSocketRoute[] = [];
    let refuse = false;
    await billie.page.routeWebSocket(/\/api\/v1\/realtime$/, (ws) => {
      if (refuse) {
        void ws.close({ code: 4000, reason: 'test: network down' });
        return;
      }
      ws.connectToServer();
      sockets.push(ws);
    });
    await billie.page.goto(`/messages/${alex.userId}`);
    await chat(billie.page).waitFor();
    await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(0);

    // the connection dies and stays down while Alex writes
    refuse = true;
    await Promise.all(sockets.map((ws) => ws.close({ code: 4000, reason: 'test: killed' })));
    await billie.page.getByText(/Reconnecting/).waitFor();
    await alex.page.goto(`/messages/${billie.userId}`);
    for (const text of ['Are you there?', 'Sent while you were away']) {
      await composer(alex.page).fill(text);
      await composer(alex.page).press('Enter');
      await chat(alex.page).getByText(text).waitFor();
    }
    // the socket is refused: nothing can bring them until it is back
    expect(await chat(billie.page).getByText('Sent while you were away').count()).toBe(0);

    // back: the page fetches what it missed
    refuse = false;
    await chat(billie.page).getByText('Sent while you were away').waitFor({ timeout: 20_000 });
    await chat(billie.page).getByText('Are you there?').waitFor();
    await billie.page.getByText(/Reconnecting/).waitFor({ state: 'detached' });
    await billie.page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it('keeps a message that arrives while the chat is still loading, on screen and read', async () => {
    const frames: string[] = [];
    billie.page.on('websocket', (ws) => ws.on('framereceived', (f) => void frames.push(String(f.payload))));
    await billie.page.goto('/messages');
    const list = billie.page.getByRole('list', { name: 'Conversations' });
    await list.waitFor();
    await expect.poll(() => frames.some((f) => f.includes('"type":"ready"')), { timeout: 10_000 }).toBe(true);

    // the chat's first page is answered as the server had it before Alex writes, and only once his
    // message has reached Billie's socket: the live message comes while the page is still loading
    let fetched!: () => void;
    const answered = new Promise<void>((resolve) => (fetched = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const thread = new RegExp(`/api/v1/messages/conversations/${alex.userId}/messages`);
    await billie.page.route(thread, async (route) => {
      const response = await route.fetch();
      fetched();
      await held;
      await route.fulfill({ response });
    });
    await list.getByRole('link', { name: new RegExp(`^${alex.displayName}`) }).click();
    await answered;
    const text = 'Written while your chat was loading';
    const res = await alex.page.request.post(`/api/v1/messages/conversations/${billie.userId}/messages`, { data: { content: text } });
    expect(res.status()).toBe(201);
    await expect.poll(() => frames.some((f) => f.includes(text) && f.includes('message.created')), { timeout: 10_000 }).toBe(true);
    release();
    await chat(billie.page).getByText(text).waitFor();
    await billie.page.unroute(thread);

    // it stays: the next message lands after it, and Alex sees his first one read
    const next = await alex.page.request.post(`/api/v1/messages/conversations/${billie.userId}/messages`, {
      data: { content: 'And another' },
    });
    expect(next.status()).toBe(201);
    await chat(billie.page).getByText('And another').waitFor();
    expect(await chat(billie.page).getByText(text).count()).toBe(1);
  });

  it('shows a message sent before the inbox socket opened, without a reload', async () => {
    const connect = await holdSocket(billie.page);
    await billie.page.goto('/messages');
    const list = billie.page.getByRole('list', { name: 'Conversations' });
    await list.getByRole('link', { name: new RegExp(`^${alex.displayName}`) }).waitFor();
    // the inbox is read; Alex writes before Billie's socket reaches the server
    const text = 'Sent before your socket opened';
    const res = await alex.page.request.post(`/api/v1/messages/conversations/${billie.userId}/messages`, { data: { content: text } });
    expect(res.status()).toBe(201);
    expect(await list.getByText(text).count()).toBe(0);
    connect();
    await list.getByText(text).waitFor({ timeout: 10_000 });
    await billie.page.unrouteAll({ behavior: 'ignoreErrors' });
    // back in the chat with Alex, as the journeys below expect
    await openChat(billie.page, alex.userId);
  });

  it('asks for the inbox alongside the page’s scripts, once', async () => {
    // the socket held back: its first 'ready' asks for the inbox again (a catch-up), which is not this
    const connect = await holdSocket(billie.page);
    await billie.page.goto('/messages');
    await billie.page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(`^${alex.displayName}`) })
      .waitFor();
    expect(await initiatorsOf(billie.page, ['/api/v1/messages/conversations'])).toEqual({ '/api/v1/messages/conversations': ['link'] });
    connect();
    await billie.page.unrouteAll({ behavior: 'ignoreErrors' });
    await openChat(billie.page, alex.userId);
  });

  it('keeps a message written offline as pending, retries it, and stores it once', async () => {
    await alex.page.goto(`/messages/${billie.userId}`);
    await chat(alex.page).waitFor();
    await alex.context.setOffline(true);
    await composer(alex.page).fill('Written on the train');
    await composer(alex.page).press('Enter');
    await alex.page.getByText(messages.messaging.retrying).waitFor({ timeout: 10_000 });

    await alex.context.setOffline(false);
    await alex.page.getByText(messages.messaging.retrying).waitFor({ state: 'detached', timeout: 20_000 });
    await chat(billie.page).getByText('Written on the train').waitFor({ timeout: 20_000 });
    const stored = await threadContents(alex.page, billie.userId);
    expect(stored.filter((c) => c === 'Written on the train')).toHaveLength(1);
  });

  it('tells the member when the server keeps failing, and sends on Retry', async () => {
    await openChat(alex.page, billie.userId);
    let refused = 0;
    await alex.page.route(`**/api/v1/messages/conversations/${billie.userId}/messages`, (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      refused++;
      return route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } } });
    });
    await composer(alex.page).fill('Try this one');
    await composer(alex.page).press('Enter');
    const toast = await toastText(alex.page);
    expect(toast).toContain(messages.messaging.sendFailedTitle);
    expect(toast).toContain(messages.messaging.sendFailed);
    await chat(alex.page).getByText(`Not sent: ${messages.messaging.sendFailed}`).waitFor();
    expect(refused).toBe(4);

    await alex.page.unroute(`**/api/v1/messages/conversations/${billie.userId}/messages`);
    await chat(alex.page).getByRole('button', { name: 'Retry' }).click();
    await chat(billie.page).getByText('Try this one').waitFor({ timeout: 10_000 });
    await chat(alex.page).getByRole('button', { name: 'Retry' }).waitFor({ state: 'detached' });
  });

  it('lists sent messages and saved conversations', async () => {
    await alex.page.goto('/messages?tab=sent');
    await alex.page.getByRole('list', { name: 'Sent messages' }).getByText('Written on the train').waitFor();

    await alex.page.getByRole('tab', { name: 'Saved' }).click();
    await alex.page.getByRole('heading', { name: messages.messaging.noSaved }).waitFor();
    await alex.page.getByRole('tab', { name: 'Inbox' }).click();
    await alex.page.getByRole('button', { name: `Save conversation with ${billie.displayName}` }).click();
    await alex.page.getByRole('button', { name: `Remove ${billie.displayName} from saved` }).waitFor();
    await alex.page.getByRole('tab', { name: 'Saved' }).click();
    await alex.page.getByRole('list', { name: 'Saved conversations' }).getByText(billie.displayName).waitFor();

    // the inbox search filters by name
    await alex.page.getByRole('tab', { name: 'Inbox' }).click();
    await alex.page.getByRole('searchbox', { name: 'Search conversations' }).fill('nobody-by-this-name');
    await alex.page.getByRole('heading', { name: 'No conversations found' }).waitFor();

    // by keyboard: arrow keys, Home and End move between the tabs and select them as they go
    const tab = (name: string) => alex.page.getByRole('tab', { name });
    const selected = async () => (await alex.page.getByRole('tab', { selected: true }).innerText()).trim();
    await tab('Inbox').focus();
    await alex.page.keyboard.press('ArrowRight');
    await alex.page.getByRole('list', { name: 'Sent messages' }).waitFor();
    expect(await selected()).toBe('Sent');
    await alex.page.keyboard.press('End');
    await alex.page.getByRole('list', { name: 'Saved conversations' }).waitFor();
    expect(await selected()).toBe('Saved');
    // the router updates the address before React shows the new tab: wait for the tab, then read the address
    await alex.page.keyboard.press('Home');
    await alex.page.getByRole('tab', { name: /^Inbox/, selected: true }).waitFor();
    await alex.page.waitForURL((url) => url.search === '');
    await alex.page.keyboard.press('ArrowLeft');
    await alex.page.getByRole('tab', { name: 'Saved', selected: true }).waitFor();
    await alex.page.waitForURL('**/messages?tab=saved');
    expect(await alex.page.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).toBe('true');
  });

  it("moves times on at midnight on a page left open: the inbox's 'HH:mm' becomes the weekday, the chat's 'Today' becomes 'Yesterday'", async () => {
    const res = await alex.page.request.get('/api/v1/messages/conversations?limit=50');
    const { items } = (await res.json()) as { items: { id: string; lastMessageAt: string }[] };
    const last = new Date(items.find((c) => c.id === billie.userId)!.lastMessageAt);
    // a browser clock of its own (Playwright's clock is the context's), ten minutes before the end of
    // the day of the last message: the browser and this process share the machine's time zone
    const lateThatNight = new Date(last.getFullYear(), last.getMonth(), last.getDate(), 23, 50);
    const weekday = last.toLocaleDateString('en-GB', { weekday: 'short' });
    const context = await phoneContext(browser, server.url);
    try {
      await context.addCookies(await alex.context.cookies());
      await context.clock.install({ time: lateThatNight });
      const [inbox, thread] = await Promise.all([context.newPage(), context.newPage()]);
      await Promise.all([inbox.goto('/messages'), thread.goto(`/messages/${billie.userId}`)]);
      const time = inbox.getByRole('link', { name: new RegExp(billie.displayName) }).locator('time');
      await expect.poll(() => time.innerText()).toMatch(/^\d\d:\d\d$/);
      await chat(thread).getByText('Today', { exact: true }).last().waitFor();

      await context.clock.fastForward(11 * 60_000);
      await expect.poll(() => time.innerText()).toBe(weekday);
      await chat(thread).getByText('Yesterday', { exact: true }).last().waitFor();
      expect(await chat(thread).getByText('Today', { exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
