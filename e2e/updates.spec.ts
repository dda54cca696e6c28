import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { messages } from '@velvet/core/messages';
import { toastText } from './support/browser';
import { twoMembers, type Member, type TwoMembers } from './support/members';
import { expectNoSeriousAxeViolations } from './support/axe';

/**
 * Updates and notifications, live, on phones: Ana invites Ben to be friends while Ben has /updates
 * open; his badge rises and the invite shows without a reload. He accepts; Ana, on /updates, sees
 * the acceptance arrive, finds it on /notifications, and "Mark all read" clears her badge.
 */

let world: TwoMembers;
let ana: Member;
let ben: Member;

const copy = messages.activity;
/** The Updates link of the top bar, where the unread badge sits. */
const updatesLink = (page: Page): Locator => page.getByRole('navigation', { name: 'Top bar' }).getByRole('link', { name: /Updates/ });
const recent = (page: Page) => page.getByRole('list', { name: copy.recentActivity });

beforeAll(async () => {
  world = await twoMembers();
  ({ ana, ben } = world);
});
afterAll(() => world?.close());

describe('updates and notifications', () => {
  it("Ben's badge rises live and /updates shows Ana's invite; he accepts; Ana sees it live; mark all read clears her badge", async () => {
    await ben.page.goto('/updates');
    await ben.page.getByRole('heading', { level: 1, name: copy.updatesTitle }).waitFor();
    await ben.page.getByRole('heading', { name: copy.noActivity }).waitFor();
    await expectNoSeriousAxeViolations(ben.page, '/updates');
    await ana.page.goto('/updates');
    await ana.page.getByRole('heading', { name: copy.noActivity }).waitFor();

    // Ana invites Ben (as the profile page's Add friend does); Ben's page was loaded before: no reload
    const invited = await ana.page.request.post(`/api/v1/friends/${ben.id}`);
    expect(invited.status()).toBe(201);
    await updatesLink(ben.page).getByLabel('1 unread').waitFor();
    await recent(ben.page).getByText(copy.line.friend_invite('Ana')).waitFor();
    // the Friends tile counts real friends: none yet
    expect(await ben.page.locator('[data-count="Friends"]').innerText()).toBe('0');

    // opening the invite marks it read and goes where Ben can accept it
    await recent(ben.page)
      .getByRole('link', { name: new RegExp(copy.line.friend_invite('Ana')) })
      .click();
    await ben.page.getByRole('button', { name: 'Accept Ana', exact: true }).click();
    expect(await toastText(ben.page)).toContain(messages.connections.accepted('Ana'));
    await expect
      .poll(() =>
        updatesLink(ben.page)
          .getByLabel(/unread/)
          .count(),
      )
      .toBe(0);

    // Ana, still on /updates, sees the acceptance arrive and her badge rise
    await recent(ana.page).getByText(copy.line.friend_accept('Ben')).waitFor();
    await updatesLink(ana.page).getByLabel('1 unread').waitFor();
    await expect.poll(() => ana.page.locator('[data-count="Friends"]').innerText()).toBe('1');

    await ana.page.getByRole('link', { name: copy.allNotifications }).click();
    await ana.page.getByRole('heading', { level: 1, name: copy.notificationsTitle }).waitFor();
    const row = ana.page.locator('li[data-activity="friend_accept"]');
    await row.getByText(copy.unread).waitFor();
    await expectNoSeriousAxeViolations(ana.page, '/notifications');
    await ana.page.getByRole('button', { name: copy.markAllRead }).click();
    await expect
      .poll(() =>
        updatesLink(ana.page)
          .getByLabel(/unread/)
          .count(),
      )
      .toBe(0);
    await expect.poll(() => row.getByText(copy.unread).count()).toBe(0);
    await ana.page.getByRole('tab', { name: copy.unread }).click();
    await ana.page.getByRole('heading', { name: copy.noActivity }).waitFor();

    // still read after a reload: the server says so, not only the page
    await ana.page.reload();
    await ana.page.getByRole('heading', { level: 1, name: copy.notificationsTitle }).waitFor();
    await ana.page.locator('li[data-activity="friend_accept"]').waitFor();
    expect(
      await updatesLink(ana.page)
        .getByLabel(/unread/)
        .count(),
    ).toBe(0);
  });
});
