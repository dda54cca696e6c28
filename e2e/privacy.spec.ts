import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, WebSocket } from 'playwright-core';
import { messages } from '@velvet/core/messages';
import { launchBrowser, toastText } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { memberPages } from './support/members';

/**
 * Privacy Settings and blocking, each member in a browser of their own: the toggles (optimistic,
 * saved, taken back on failure), blocking from a profile with a reason and unblocking from the list,
 * and a block from an open chat that reaches the other member's open chat at once.
 */

let server: RunningServer;
let browser: Browser;
let pages: ReturnType<typeof memberPages>;
const stamp = Date.now().toString(36);

interface Member {
  page: Page;
  userId: string;
  username: string;
  displayName: string;
}

async function member(name: string, displayName: string): Promise<Member> {
  const { page, id, username } = await pages.join({ username: `${name}_${stamp}`, displayName, city: 'Leeds' });
  return { page, userId: id, username, displayName };
}

let ada: Member;
let ben: Member;
let cat: Member;
let dan: Member;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  pages = memberPages(browser, server);
  [ada, ben, cat, dan] = await Promise.all([
    member('ada', 'Ada Lane'),
    member('ben', 'Ben Moss'),
    member('cat', 'Cat Hale'),
    member('dan', 'Dan Frost'),
  ]);
});
afterAll(async () => {
  await pages?.closeAll();
  await browser?.close();
  await server?.stop();
});

const cards = (p: Page) => p.getByRole('list', { name: 'Members' }).getByRole('listitem');
const cardNames = async (p: Page) => (await cards(p).allInnerTexts()).map((t) => /@(\S+)/.exec(t)?.[1]);
const blockedList = (p: Page) => p.getByRole('list', { name: messages.privacy.blockedUsers });

/** Opens a page and waits until its realtime socket is registered (its 'ready' event came). */
async function openWithSocket(page: Page, url: string) {
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
  await page.goto(url);
  await ready;
}

describe('Privacy Settings', () => {
  it('turns a toggle on at once, keeps it, and takes it back with the spec message when saving fails', async () => {
    const { page } = ada;
    await page.goto('/privacy-settings');
    await page.getByRole('heading', { level: 1, name: messages.privacy.title }).waitFor();
    const anonymous = page.getByRole('switch', { name: messages.privacy.anonymousMode });
    const hideLocation = page.getByRole('switch', { name: messages.privacy.hideLocation });
    await anonymous.waitFor();
    for (const name of [messages.privacy.anonymousMode, messages.privacy.hideLastActive, messages.privacy.hideLocation])
      expect(await page.getByRole('switch', { name }).getAttribute('aria-checked')).toBe('false');
    expect(await page.getByText(messages.privacy.tip).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: messages.privacy.noBlocked }).isVisible()).toBe(true);

    await anonymous.click();
    // on before the server answers (the change is applied as the click's mutation starts, a task or two later)
    await expect.poll(() => anonymous.getAttribute('aria-checked')).toBe('true');
    expect(await toastText(page)).toContain(messages.privacy.updated);
    await page.getByText(messages.privacy.active, { exact: true }).waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: messages.privacy.anonymousMode }).getAttribute('aria-checked')).toBe('true');
    const res = await page.request.get('/api/v1/privacy');
    expect((await res.json()).settings).toMatchObject({ anonymousMode: true });

    // the server fails: the switch goes back, with the spec's message
    await page.route('**/api/v1/privacy', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"x"}}' })
        : route.continue(),
    );
    await hideLocation.click();
    await page.getByText(messages.privacy.failed).first().waitFor();
    await expect.poll(() => hideLocation.getAttribute('aria-checked')).toBe('false');
    await page.unroute('**/api/v1/privacy');
    expect((await (await page.request.get('/api/v1/privacy')).json()).settings.hideLocation).toBe(false);

    // and off again, by keyboard
    await page.getByRole('switch', { name: messages.privacy.anonymousMode }).focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await (await page.request.get('/api/v1/privacy')).json()).settings.anonymousMode).toBe(false);
  });
});

describe('blocking', () => {
  it("blocks from the member's profile with a reason, hides them, lists them, and unblocks", async () => {
    const { page } = ada;
    await page.goto('/browse');
    await cards(page).first().waitFor();
    await expect.poll(() => cardNames(page)).toContain(ben.username);

    await page.goto(`/profile/${ben.userId}`);
    await page.getByRole('heading', { level: 1, name: ben.displayName }).waitFor();
    await page.getByRole('button', { name: `Block ${ben.displayName}` }).click();
    const dialog = page.getByRole('dialog', { name: messages.privacy.blockTitle(ben.displayName) });
    await dialog.getByLabel(messages.privacy.reasonLabel).fill('Kept messaging after I said no');
    await dialog.getByRole('button', { name: messages.privacy.block, exact: true }).click();
    expect(await toastText(page)).toContain(messages.privacy.blocked);
    await page.waitForURL('**/browse');
    await cards(page).first().waitFor();
    await expect.poll(() => cardNames(page)).not.toContain(ben.username);
    expect(await cardNames(page)).toContain(cat.username);

    await page.goto('/privacy-settings');
    const row = blockedList(page).getByRole('listitem');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    const text = await row.innerText();
    expect(text).toContain(ben.displayName);
    expect(text).toContain('Kept messaging after I said no');
    expect(text).toContain(ben.userId.slice(0, 8));
    expect(text).not.toContain(ben.userId.slice(0, 9));
    expect(await page.getByLabel('1 blocked').isVisible()).toBe(true);

    await row.getByRole('button', { name: `${messages.privacy.unblock} ${ben.displayName}` }).click();
    expect(await toastText(page)).toContain(messages.privacy.unblocked);
    await page.getByRole('heading', { name: messages.privacy.noBlocked }).waitFor();
    await page.goto('/browse');
    await cards(page).first().waitFor();
    await expect.poll(() => cardNames(page)).toContain(ben.username);

    // a member card has the same block, from its menu
    const card = cards(page).filter({ hasText: `@${ben.username}` });
    await card.getByRole('button', { name: `More options for @${ben.username}` }).click();
    await card.getByRole('menuitem', { name: messages.privacy.blockMember }).click();
    await page.getByRole('dialog').getByRole('button', { name: messages.privacy.block, exact: true }).click();
    expect(await toastText(page)).toContain(messages.privacy.blocked);
    await expect.poll(() => cardNames(page)).not.toContain(ben.username);
    expect((await page.request.delete(`/api/v1/blocks/${ben.userId}`)).status()).toBe(200);
  });

  it("blocks from an open chat: the other member's open chat drops at once, and their next message is refused", async () => {
    const hello = await cat.page.request.post(`/api/v1/messages/conversations/${dan.userId}/messages`, { data: { content: 'Hi Dan' } });
    expect(hello.status()).toBe(201);
    await openWithSocket(dan.page, `/messages/${cat.userId}`);
    await openWithSocket(cat.page, `/messages/${dan.userId}`);
    const danChat = dan.page.getByRole('log', { name: 'Conversation' });
    await danChat.getByText('Hi Dan').waitFor();

    // Dan also has the Members list open in another tab
    const danList = await dan.page.context().newPage();
    await openWithSocket(danList, '/browse');
    await cards(danList).first().waitFor();
    await expect.poll(() => cardNames(danList)).toContain(cat.username);

    await cat.page.getByRole('button', { name: `More options for ${dan.displayName}` }).click();
    await cat.page.getByRole('menuitem', { name: messages.privacy.blockMember }).click();
    const dialog = cat.page.getByRole('dialog', { name: messages.privacy.blockTitle(dan.displayName) });
    await dialog.getByRole('button', { name: messages.privacy.block, exact: true }).click();
    expect(await toastText(cat.page)).toContain(messages.privacy.blocked);
    await cat.page.getByRole('heading', { name: messages.messaging.blockedByYou }).waitFor();

    // Dan's open chat, in another browser, learns of it without a reload: the message says so, no composer
    await dan.page.getByRole('heading', { name: messages.messaging.blocked }).waitFor();
    expect(await dan.page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    const refused = await dan.page.request.post(`/api/v1/messages/conversations/${cat.userId}/messages`, { data: { content: 'Why?' } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.message).toBe(messages.messaging.blocked);
    // Dan's other tab drops Cat from the list, also without a reload
    await expect.poll(() => cardNames(danList)).not.toContain(cat.username);
    await danList.close();
    // and the conversation is gone from Dan's inbox
    await dan.page.goto('/messages');
    await dan.page.getByRole('heading', { name: messages.messaging.noConversations }).waitFor();
  });
});
