import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@velvet/core/messages';
import { toastText, twoFrames } from './support/browser';
import { twoMembers, type Member, type TwoMembers } from './support/members';
import { expectNoSeriousAxeViolations } from './support/axe';

/**
 * Friends, winks and the hotlist in the browser, on a phone: Ana invites Ben from his profile, Ben's
 * dashboard shows the invite as NEW, Ben accepts on /friends and both see each other as friends;
 * Ana winks (a second wink the same day is refused with the message) and keeps Ben on her hotlist.
 */

let world: TwoMembers;
let ana: Member;
let ben: Member;

beforeAll(async () => {
  world = await twoMembers();
  ({ ana, ben } = world);
});
afterAll(() => world?.close());

const action = (page: Page, label: string) => page.getByRole('main').getByRole('button', { name: `${label} Ben`, exact: true });

describe('friends, winks and hotlist', () => {
  it('Ana invites Ben from his profile; his dashboard shows 1 NEW; he accepts on /friends; both see each other', async () => {
    await ana.page.goto(`/profile/${ben.id}`);
    await action(ana.page, 'Add friend').click();
    expect(await toastText(ana.page)).toContain(messages.connections.invited('Ben'));
    await action(ana.page, 'Invite sent').waitFor();
    expect(await action(ana.page, 'Invite sent').getAttribute('aria-pressed')).toBe('true');

    await ben.page.goto('/dashboard');
    const tile = ben.page.locator('a[href="/friends?tab=received"]');
    await tile.getByLabel('1 invite').waitFor();
    expect(await tile.innerText()).toContain('NEW');

    await tile.click();
    await ben.page.getByRole('heading', { level: 1, name: messages.connections.friendsTitle }).waitFor();
    await expectNoSeriousAxeViolations(ben.page, '/friends');
    await ben.page.getByRole('button', { name: 'Accept Ana', exact: true }).click();
    expect(await toastText(ben.page)).toContain(messages.connections.accepted('Ana'));
    await ben.page.getByRole('tab', { name: 'Friends' }).click();
    await ben.page.getByRole('button', { name: 'Remove Ana', exact: true }).waitFor();

    // seen: once the dashboard has its counts, the NEW label is gone and no invite waits
    const counted = ben.page.waitForResponse((r) => r.url().endsWith('/api/v1/connections/summary') && r.ok());
    await ben.page.goto('/dashboard');
    await counted;
    await twoFrames(ben.page);
    const invites = ben.page.locator('a[href="/friends?tab=received"]');
    expect(await invites.innerText()).not.toContain('NEW');
    expect(await invites.getByLabel(/invite/).count()).toBe(0);

    await ana.page.goto('/friends');
    await ana.page.getByRole('button', { name: 'Remove Ben', exact: true }).waitFor();
    await ana.page.goto(`/profile/${ben.id}`);
    expect(await action(ana.page, 'Friends').getAttribute('aria-pressed')).toBe('true');
  });

  it('Ana winks at Ben once today: a second wink is refused with the message', async () => {
    await ana.page.goto(`/profile/${ben.id}`);
    await action(ana.page, 'Wink').click();
    expect(await toastText(ana.page)).toContain(messages.connections.winked('Ben'));
    await action(ana.page, 'Winked today').waitFor();
    expect(await action(ana.page, 'Winked today').getAttribute('aria-pressed')).toBe('true');
    await action(ana.page, 'Winked today').click();
    await expect.poll(() => toastText(ana.page)).toContain(messages.connections.winkedToday);

    await ben.page.goto('/dashboard');
    await ben.page.locator('a[href="/winks"]').getByLabel('1 new wink').waitFor();
    await ben.page.locator('a[href="/winks"]').click();
    await ben.page.getByRole('button', { name: 'Wink back Ana', exact: true }).waitFor();
    await expectNoSeriousAxeViolations(ben.page, '/winks');
  });

  it('Ana likes Ben, adds him to her hotlist, sees him on /hotlist and removes him', async () => {
    await ana.page.goto(`/profile/${ben.id}`);
    // Like is Discover's like: it stays, shown as Liked
    await action(ana.page, 'Like').click();
    await action(ana.page, 'Liked').waitFor();
    expect(await action(ana.page, 'Liked').getAttribute('aria-pressed')).toBe('true');
    await action(ana.page, 'Hotlist').click();
    await action(ana.page, 'On hotlist').waitFor();
    await expectNoSeriousAxeViolations(ana.page, '/profile/:userId');
    await ana.page.goto('/hotlist');
    await ana.page.getByRole('heading', { level: 1, name: messages.connections.hotlistTitle }).waitFor();
    await ana.page.getByRole('button', { name: 'Remove Ben', exact: true }).click();
    expect(await toastText(ana.page)).toContain(messages.connections.unhotlisted('Ben'));
    await ana.page.getByRole('heading', { name: messages.connections.noHotlist }).waitFor();
    await expectNoSeriousAxeViolations(ana.page, '/hotlist');
  });
});
