import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { messages } from '@velvet/core/messages';
import { launchBrowser, phoneContext, toastText } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { confirmedAccount } from './support/members';

/**
 * My profile and another member's profile in the browser: real counts, the gallery manager
 * (upload, reorder, delete, client checks), the profile as another member sees it, and an unknown id.
 * Hide location / hide last active have no settings screen yet; the server tests cover them.
 */

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

interface Member {
  page: Page;
  userId: string;
  displayName: string;
}

let alex: Member; // a couple: 28 & 32, Manchester
let jo: Member; // a couple who shares two interests with Alex & Sam

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  [alex, jo] = await Promise.all([
    member({
      username: `alexsam_${Date.now().toString(36)}`,
      displayName: 'Alex & Sam',
      age: 28,
      partnerAge: 32,
      locationCity: 'Manchester',
      lookingFor: ['couples', 'single-females'],
      interests: ['soft-swap', 'same-room', 'friends-first'],
      bio: 'Easy-going couple from Manchester who love a night out.',
    }),
    member({
      username: `jokim_${Date.now().toString(36)}`,
      displayName: 'Jo & Kim',
      age: 40,
      partnerAge: 41,
      locationCity: 'Leeds',
      lookingFor: ['couples'],
      interests: ['soft-swap', 'friends-first', 'group-play'],
      bio: 'Friendly pair from Leeds.',
    }),
  ]);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
});

interface MemberInput {
  username: string;
  displayName: string;
  age: number;
  partnerAge: number;
  locationCity: string;
  lookingFor: string[];
  interests: string[];
  bio: string;
}

/** A signed-in couple with a complete profile, set up through the API as the wizard would. */
async function member(input: MemberInput): Promise<Member> {
  const context = await phoneContext(browser, server.url);
  contexts.push(context);
  const page = await context.newPage();
  const { email, password } = await confirmedAccount(server);
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: server.url } });
  expect(signIn.ok()).toBe(true);
  const send = async (method: 'post' | 'put', path: string, data: object) => {
    const res = await page.request[method](`/api/v1${path}`, { data });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return (await res.json()) as { profile: { userId: string } };
  };
  const { username, displayName, age, partnerAge, locationCity, lookingFor, interests, bio } = input;
  const { profile } = await send('post', '/profiles', { username, displayName });
  await send('put', '/profiles/me/setup', { step: 2, age, partnerAge, locationCity });
  await send('put', '/profiles/me/setup', { step: 3, gender: 'male-female-couple', relationshipStatus: 'married-couple', lookingFor });
  await send('put', '/profiles/me/setup', { step: 4, bio });
  await send('put', '/profiles/me', {
    username,
    displayName,
    age,
    partnerAge,
    locationCity,
    gender: 'male-female-couple',
    relationshipStatus: 'married-couple',
    lookingFor,
    interests,
    bio,
  });
  return { page, userId: profile.userId, displayName };
}

const jpeg = (r: number, g: number, b: number) =>
  sharp({ create: { width: 96, height: 72, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

/** The number under a label in the counts strip. */
const count = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

const ownPhotos = (page: Page): Locator => page.getByRole('list', { name: 'Your photos' }).getByRole('listitem');
const ownPhotoIds = (page: Page) => ownPhotos(page).evaluateAll((items) => items.map((li) => li.getAttribute('data-media-id')));

type Photo = { id: string; url: string; thumbUrl: string | null };

/** A member's gallery as the API answers it, in order. */
async function gallery(page: Page, userId: string): Promise<Photo[]> {
  const res = await page.request.get(`/api/v1/media/user/${userId}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as Photo[] | { media: Photo[] };
  return Array.isArray(body) ? body : body.media;
}
const galleryIds = async (page: Page, userId: string) => (await gallery(page, userId)).map((m) => m.id);

async function chooseFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles(files);
}

describe('my profile', () => {
  it('shows the real counts, the member’s details, privacy and verification', async () => {
    const { page } = alex;
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Alex & Sam' }).waitFor();
    expect(await page.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    await expect.poll(() => count(page, 'Photos').innerText()).toBe('0');
    for (const label of ['Profile views', 'Friends', 'Matches', 'Videos'])
      await expect.poll(() => count(page, label).innerText(), { timeout: 10_000 }).toBe('0');
    expect(await page.getByText('0/30').isVisible()).toBe(true);
    expect(await page.getByText('No photos yet').isVisible()).toBe(true);

    const info = page
      .locator('section, div')
      .filter({ has: page.getByRole('heading', { name: 'Personal Information' }) })
      .last();
    const text = await info.innerText();
    for (const part of ['28 & 32', 'Manchester', 'Married couple', 'Couples, Single women', 'Easy-going couple from Manchester']) {
      expect(text).toContain(part);
    }
    expect(await page.getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe('/edit-profile');
    expect(await page.getByRole('link', { name: 'Add Content' }).getAttribute('href')).toBe('/content');
    expect(await page.getByRole('link', { name: 'Privacy Settings' }).getAttribute('href')).toBe('/privacy-settings');
    expect(await page.getByRole('link', { name: 'Complete Verification' }).getAttribute('href')).toBe('/verification');
    expect(await page.getByText('Not Started').isVisible()).toBe(true);

    // nobody has liked a new member: the panel says so instead of inventing anyone
    const liked = page.getByRole('button', { name: 'Liked You' });
    await liked.click();
    expect(await liked.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByText('Nobody has liked you yet.').isVisible()).toBe(true);
  });

  it('uploads two photos, reorders them and deletes one; the changes survive a reload', async () => {
    const { page, userId } = alex;
    await page.goto('/profile');
    await page.getByText('No photos yet').waitFor();

    await chooseFiles(page, [
      { name: 'red.jpg', mimeType: 'image/jpeg', buffer: await jpeg(220, 40, 40) },
      { name: 'blue.jpg', mimeType: 'image/jpeg', buffer: await jpeg(40, 40, 220) },
    ]);
    expect(await toastText(page)).toContain(messages.uploads.galleryDoneCount(2));
    await expect.poll(() => ownPhotos(page).count()).toBe(2);
    await expect.poll(() => count(page, 'Photos').innerText()).toBe('2');
    expect(await page.getByText('2/30').isVisible()).toBe(true);

    const [red, blue] = await galleryIds(page, userId);
    expect(await ownPhotoIds(page)).toEqual([red, blue]);

    // the second photo moves first; the keyboard focus stays with it
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/media/order') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    expect((await saved).ok()).toBe(true);
    expect(await ownPhotoIds(page)).toEqual([blue, red]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-move'))).toBe(`${blue}:later`);
    expect(await page.getByRole('button', { name: 'Move photo 1 earlier' }).isDisabled()).toBe(true);

    await page.reload();
    await expect.poll(() => ownPhotos(page).count()).toBe(2);
    expect(await ownPhotoIds(page)).toEqual([blue, red]);
    expect(await galleryIds(page, userId)).toEqual([blue, red]);

    // delete asks first; cancelling keeps the photo
    await page.getByRole('button', { name: 'Delete photo 1' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete photo 1?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await ownPhotos(page).count()).toBe(2);

    await page.getByRole('button', { name: 'Delete photo 1' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    expect(await toastText(page)).toContain(messages.uploads.deleted);
    await expect.poll(() => ownPhotos(page).count()).toBe(1);

    await page.reload();
    await expect.poll(() => count(page, 'Photos').innerText()).toBe('1');
    expect(await ownPhotoIds(page)).toEqual([red]);
    expect(await galleryIds(page, userId)).toEqual([red]);
  });

  it('refuses the wrong type and 5MB files before sending; the server has the last word', async () => {
    const { page } = alex;
    await page.goto('/profile');
    await expect.poll(() => ownPhotos(page).count()).toBe(1);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/media') posts.push(r.url());
    });

    await chooseFiles(page, [
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
      { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5 * 1024 * 1024) },
    ]);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await uploads.getByText(messages.uploads.invalidImage).waitFor();
    await uploads.getByText(messages.uploads.imageTooLarge).waitFor();
    expect(await toastText(page)).toContain(messages.uploads.errorTitle);
    expect(posts).toEqual([]);

    // a "PNG" that is really text passes the browser's check; the server refuses it in the spec's words
    await chooseFiles(page, [{ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<script>alert(1)</script>') }]);
    await uploads.getByText('fake.png').waitFor();
    await expect
      .poll(() => uploads.getByRole('listitem').filter({ hasText: 'fake.png' }).innerText())
      .toContain(messages.uploads.invalidImage);
    expect(posts).toHaveLength(1);
    await page.getByRole('button', { name: 'Dismiss fake.png' }).click();
    expect(await ownPhotos(page).count()).toBe(1);
  });
});

describe('another member’s profile', () => {
  it('shows ages, type, place, bio, shared interests and the photos, with no action that pretends to work', async () => {
    const { page } = jo;
    const [photo] = await gallery(page, alex.userId);
    await page.goto(`/profile/${alex.userId}`);
    await page.getByRole('heading', { level: 1, name: 'Alex & Sam' }).waitFor();

    const main = page.locator('main');
    expect(await main.getByText('28 & 32', { exact: true }).isVisible()).toBe(true);
    expect(await main.getByText('Couple', { exact: true }).isVisible()).toBe(true);
    expect(await main.getByText('Location: Manchester').isVisible()).toBe(true);
    expect(await main.getByText('Active now').isVisible()).toBe(true);
    expect(await main.getByText('Easy-going couple from Manchester who love a night out.').isVisible()).toBe(true);
    expect(await main.getByRole('heading', { name: 'About Us' }).isVisible()).toBe(true);

    // soft swap and friends first are shared; same room is Alex & Sam's only
    expect(await main.getByText('You both like', { exact: true }).locator('..').innerText()).toContain('Soft swap, Friends first');
    const chips = main.getByRole('list', { name: 'Interests' }).getByRole('listitem');
    expect(await chips.count()).toBe(3);
    expect(await main.locator('[data-shared]').allInnerTexts()).toEqual([
      expect.stringContaining('Soft swap'),
      expect.stringContaining('Friends first'),
    ]);
    expect(await chips.filter({ hasText: 'Same room' }).getAttribute('data-shared')).toBeNull();

    // the remaining photo, read-only, opens larger
    const open = main.getByRole('button', { name: "Open Alex & Sam's photo 1 of 1" });
    expect(photo).toBeDefined();
    expect(await open.locator('img').getAttribute('src')).toBe(photo!.thumbUrl ?? photo!.url);
    expect(await main.getByRole('button', { name: /Move photo|Delete photo/ }).count()).toBe(0);
    await open.click();
    const viewer = page.getByRole('dialog', { name: "Alex & Sam's photo 1 of 1" });
    const large = viewer.getByRole('img', { name: "Alex & Sam's photo 1 of 1" });
    expect(await large.getAttribute('src')).toBe(photo!.url);
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });

    // Message opens the conversation; Like, Wink, Add friend and Hotlist work (e2e/connections.spec.ts),
    // Report and Block open their dialogs (e2e/moderation.spec.ts, e2e/privacy.spec.ts)
    expect(await main.getByRole('link', { name: 'Message Alex & Sam' }).getAttribute('href')).toBe(`/messages/${alex.userId}`);
    for (const name of ['Like', 'Wink', 'Add friend', 'Hotlist']) {
      const button = main.getByRole('button', { name: `${name} Alex & Sam`, exact: true });
      expect(await button.isEnabled()).toBe(true);
      expect(await button.getAttribute('aria-pressed')).toBe('false');
    }
    for (const name of ['Block', 'Report']) {
      expect(await main.getByRole('button', { name: `${name} Alex & Sam`, exact: true }).isEnabled()).toBe(true);
    }
    expect(await main.getByRole('link', { name: 'Edit Profile' }).count()).toBe(0);
  });

  it('offers Edit Profile instead of the actions on the member’s own profile', async () => {
    const { page } = alex;
    await page.goto(`/profile/${alex.userId}`);
    await page.getByRole('heading', { level: 1, name: 'Alex & Sam' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe('/edit-profile');
    expect(await page.getByRole('heading', { name: 'Actions' }).count()).toBe(0);
    expect(await page.getByText('You both like').count()).toBe(0);
  });

  it('shows a clear not-found page for an unknown id, inside the layout', async () => {
    const { page } = jo;
    await page.goto('/profile/does-not-exist');
    await page.getByRole('heading', { level: 1, name: messages.profile.notFound }).waitFor();
    expect(await page.getByText(messages.profile.notFoundLine).isVisible()).toBe(true);
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).waitFor();
  });
});
