import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { OwnProfile } from '@velvet/core/schemas/profile.schema';
import { launchBrowser, phoneContext, toastText } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { completeProfile, confirmedAccount, signInThroughApi, signInThroughUi } from './support/members';

/** The setup wizard, the edit-profile form and the avatar/cover uploader (spec §2, §5, §8). */

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let files: string;
let counter = 0;

const uniqueUsername = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${counter++}`;

beforeAll(async () => {
  [server, browser, files] = await Promise.all([startServer(), launchBrowser(), mkdtemp(path.join(os.tmpdir(), 'velvet-setup-files-'))]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (files) await rm(files, { recursive: true, force: true });
});
beforeEach(async () => {
  context = await phoneContext(browser, server.url);
  page = await context.newPage();
});
afterEach(() => context.close());

/** A small real JPEG, made with sharp, on disk for setInputFiles. */
async function jpegFile(name = 'photo.jpg'): Promise<string> {
  const { default: sharp } = await import('sharp');
  const file = path.join(files, name);
  const buffer = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#9333ea' } })
    .jpeg()
    .toBuffer();
  await writeFile(file, buffer);
  return file;
}

/** A confirmed member signed in through the sign-in screen, landing on the wizard. */
async function newMemberOnWizard() {
  const { email, password } = await confirmedAccount(server);
  await signInThroughUi(page, email, password);
  await page.waitForURL('**/setup-profile');
  await page.getByText('Step 1 of 4').waitFor();
  return { email, password };
}

const ownProfile = async (): Promise<OwnProfile> => {
  const res = await page.request.get('/api/v1/profiles/me');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { profile: OwnProfile }).profile;
};

/** The newest toast once it is the one with this title (an earlier toast may still be closing). */
async function toastTitled(title: string): Promise<string> {
  await page.locator('li[data-variant]').filter({ hasText: title }).last().waitFor({ state: 'visible', timeout: 10_000 });
  await expect.poll(() => toastText(page)).toContain(title);
  return toastText(page);
}

const stepHeading = (name: string) => page.getByRole('heading', { level: 2, name });

async function fillStep1(username: string, displayName: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Display name').fill(displayName);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 2 of 4').waitFor();
}

async function fillStep2(age: string, partnerAge: string, city: string) {
  await page.getByLabel('Age', { exact: true }).fill(age);
  await page.getByLabel("Partner's age (couples)").fill(partnerAge);
  await page.getByLabel('City').fill(city);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 3 of 4').waitFor();
}

/** A finished couple, set up through the API (the wizard itself is the first tests' business). */
async function coupleThroughApi() {
  const { email, password } = await confirmedAccount(server);
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: server.url } });
  expect(signIn.ok()).toBe(true);
  const calls: [string, Record<string, unknown>][] = [
    ['/api/v1/profiles', { username: uniqueUsername('pair'), displayName: 'Sam & Alex' }],
    // the type first, so the server keeps the second age that comes with step 2
    ['/api/v1/profiles/me/setup', { step: 3, gender: 'male-female-couple', relationshipStatus: 'married-couple', lookingFor: ['couples'] }],
    ['/api/v1/profiles/me/setup', { step: 2, age: 34, partnerAge: 31, locationCity: 'Bristol', locationCountry: 'United Kingdom' }],
    ['/api/v1/profiles/me/setup', { step: 4, bio: 'Friendly pair from Bristol.' }],
  ];
  for (const [url, data] of calls) {
    const res = url.endsWith('/setup') ? await page.request.put(url, { data }) : await page.request.post(url, { data });
    expect(res.ok(), `${url} ${res.status()} ${await res.text()}`).toBe(true);
  }
}

describe('the setup wizard', () => {
  it('walks a new couple through the four steps, uploading a profile photo, to the dashboard', async () => {
    await newMemberOnWizard();
    expect(await page.getByRole('progressbar', { name: 'Profile setup progress' }).getAttribute('aria-valuenow')).toBe('25');

    // nothing filled in: the spec's words, and the fields say what is missing
    await page.getByRole('button', { name: 'Next' }).click();
    const required = await toastTitled('Required Fields');
    expect(required).toContain('Please fill in all required fields before continuing');
    // the toast leaves the wizard's buttons free to tap while it shows (5 s): a trial click checks
    // that the button, not something over it, would take the tap
    await page.getByRole('button', { name: 'Next' }).click({ trial: true, timeout: 2_000 });
    await page.locator('main').getByText('Username is required').waitFor();
    expect(await page.getByText('Step 1 of 4').isVisible()).toBe(true);

    const username = uniqueUsername('couple');
    await fillStep1(username, 'Jo & Max');
    expect(await page.getByLabel('Country').inputValue()).toBe('United Kingdom');

    // step 2 needs an age of at least 18
    await page.getByLabel('Age', { exact: true }).fill('17');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('main').getByText('Age must be between 18 and 120').waitFor();
    await fillStep2('34', '31', 'Manchester');

    // step 3 needs the relationship type and status
    await page.getByRole('button', { name: 'Next' }).click();
    await toastTitled('Required Fields');
    await page.getByLabel('Relationship type').selectOption('male-female-couple');
    await page.getByRole('button', { name: 'Couples' }).click();
    expect(await page.getByRole('button', { name: 'Couples' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByLabel('Relationship status').selectOption('married-couple');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Step 4 of 4').waitFor();
    await stepHeading('Photos & Bio').waitFor();

    // the avatar: checked, uploaded with a progress bar, then the spec's toast
    await page.route('**/api/v1/media', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.getByLabel('Profile photo').setInputFiles(await jpegFile());
    const bar = page.getByRole('progressbar', { name: /Profile photo/ });
    await bar.waitFor({ state: 'visible' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    const uploaded = await toastTitled('Success!');
    expect(uploaded).toContain('Profile photo uploaded successfully');
    await bar.waitFor({ state: 'detached' });
    await page.unroute('**/api/v1/media');
    expect((await ownProfile()).avatarUrl).toMatch(/^\/api\/v1\/media\/file\//);

    // a couple writes 'About Us'
    await page.getByLabel('About Us').fill('Easy-going couple who love a night out.');
    expect(await page.getByText('39/1000').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await page.waitForURL('**/dashboard');
    await toastTitled('Profile created');

    const saved = await ownProfile();
    expect(saved).toMatchObject({
      username,
      displayName: 'Jo & Max',
      age: 34,
      partnerAge: 31,
      locationCity: 'Manchester',
      locationCountry: 'United Kingdom',
      gender: 'male-female-couple',
      kind: 'couple',
      relationshipStatus: 'married-couple',
      lookingFor: ['couples'],
      bio: 'Easy-going couple who love a night out.',
      setupCompleted: true,
      avatarUrl: expect.stringMatching(/^\/api\/v1\/media\/file\//),
    });

    // finished: the wizard now sends the member on to the dashboard
    await page.goto('/setup-profile');
    await page.waitForURL('**/dashboard');

    // the profile's round picture is the uploaded photo; a picture that cannot be loaded gives the initials
    const header = page.getByRole('region', { name: 'Jo & Max', exact: true });
    const avatarImage = header.locator(`img[src="${saved.avatarUrl}"]`);
    await page.goto('/profile');
    await avatarImage.waitFor();
    await expect.poll(() => avatarImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.route(`**${saved.avatarUrl}`, (route) => route.fulfill({ status: 404, body: '' }));
    await page.reload();
    await header.getByText('JM', { exact: true }).waitFor();
    expect(await avatarImage.count()).toBe(0);
    await page.unroute(`**${saved.avatarUrl}`);
  });

  it('resumes a half-finished wizard at the saved step with the saved values', async () => {
    await newMemberOnWizard();
    await fillStep1(uniqueUsername('resume'), 'Resume Member');
    await fillStep2('29', '', 'York');
    await stepHeading('Preferences').waitFor();

    await page.reload();
    await page.getByText('Step 3 of 4').waitFor();
    await stepHeading('Preferences').waitFor();
    expect(await page.getByRole('progressbar', { name: 'Profile setup progress' }).getAttribute('aria-valuenow')).toBe('75');

    // the dashboard is not open yet: back to the wizard, at the same step
    await page.goto('/dashboard');
    await page.waitForURL('**/setup-profile');
    await page.getByText('Step 3 of 4').waitFor();

    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Step 2 of 4').waitFor();
    expect(await page.getByLabel('Age', { exact: true }).inputValue()).toBe('29');
    expect(await page.getByLabel('City').inputValue()).toBe('York');
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Step 1 of 4').waitFor();
    expect(await page.getByLabel('Display name').inputValue()).toBe('Resume Member');
  });
});

describe('a new member, start to finish', () => {
  it('completes the wizard with a photo, reaches the dashboard, edits as a couple and views another member', async () => {
    // someone to look at later, set up in a browser of their own
    const otherContext = await phoneContext(browser, server.url);
    try {
      const other = await otherContext.newPage();
      const otherId = await signInThroughApi(other.request, server, await confirmedAccount(server));
      await completeProfile(other.request, { displayName: 'Robin Vale', city: 'York' });

      await newMemberOnWizard();
      await fillStep1(uniqueUsername('journey'), 'Casey');
      await fillStep2('29', '', 'Brighton');
      await page.getByLabel('Relationship type').selectOption('single-female');
      await page.getByLabel('Relationship status').selectOption('single');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Step 4 of 4').waitFor();
      await page.getByLabel('Profile photo').setInputFiles(await jpegFile('journey.jpg'));
      expect(await toastTitled('Success!')).toContain('Profile photo uploaded successfully');
      await page.getByLabel('Bio', { exact: true }).fill('New in Brighton.');
      await page.getByRole('button', { name: 'Complete Profile' }).click();
      await page.waitForURL('**/dashboard');

      // from the dashboard to Edit Profile, where becoming a couple switches the wording
      await page.getByRole('link', { name: 'Update status' }).first().click();
      await page.waitForURL('**/edit-profile');
      await page.getByRole('heading', { level: 1, name: 'Edit Profile' }).waitFor();
      await page.getByLabel('Relationship type').selectOption('female-female-couple');
      await page.getByRole('heading', { level: 1, name: 'Edit Our Profile' }).waitFor();
      expect(await page.getByText('Average Age', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByLabel('About Us').inputValue()).toBe('New in Brighton.');
      await page.getByLabel("Second partner's age").fill('31');
      await page.getByLabel('Relationship status').selectOption('dating-couple');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      expect(await toastTitled('Success')).toContain('Your profile has been updated.');
      expect(await ownProfile()).toMatchObject({ gender: 'female-female-couple', kind: 'couple', age: 29, partnerAge: 31 });

      // and on to another member's profile
      await page.goto(`/profile/${otherId}`);
      await page.getByRole('heading', { level: 1, name: 'Robin Vale' }).waitFor();
      expect(await page.locator('main').getByText('York').first().isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Message Robin Vale' }).isVisible()).toBe(true);
    } finally {
      await otherContext.close();
    }
  });
});

describe('editing a profile', () => {
  it('uses couple wording, limits interests to 5, checks the bio and saves', async () => {
    await coupleThroughApi();
    await page.goto('/edit-profile');
    await page.getByRole('heading', { level: 1, name: 'Edit Our Profile' }).waitFor();
    expect(await page.getByText('Average Age', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel("First partner's age").inputValue()).toBe('34');
    expect(await page.getByLabel("Second partner's age").inputValue()).toBe('31');
    expect(await page.getByLabel('About Us').inputValue()).toBe('Friendly pair from Bristol.');
    expect(await page.getByLabel('Relationship type').inputValue()).toBe('male-female-couple');

    // the interests checklist: at most 5, the others disabled, the counter
    const interests = page.getByRole('group', { name: /Interests/ }).getByRole('checkbox');
    const total = await interests.count();
    expect(total).toBe(15);
    for (let i = 0; i < 5; i++) await interests.nth(i).check();
    await page.getByText('Selected: 5/5').waitFor();
    expect(await interests.nth(5).isDisabled()).toBe(true);
    expect(
      await page
        .getByRole('group', { name: /Interests/ })
        .locator('input:disabled')
        .count(),
    ).toBe(total - 5);
    await interests.nth(0).uncheck();
    await page.getByText('Selected: 4/5').waitFor();
    expect(await interests.nth(5).isDisabled()).toBe(false);
    await interests.nth(0).check();

    // the creator toggle adds its type chips
    await page.getByRole('switch', { name: 'Content creator' }).click();
    await page.getByRole('button', { name: 'Photo', exact: true }).click();

    // a bio over 1000 characters is refused before anything is sent
    await page.getByLabel('About Us').fill('x'.repeat(1001));
    await page.getByText('1001/1000').waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const invalid = await toastTitled('Validation Error');
    expect(invalid).toContain('Bio must be less than 1000 characters');
    expect(await page.getByRole('alert').filter({ hasText: 'Bio must be less than 1000 characters' }).isVisible()).toBe(true);

    await page.getByLabel('About Us').fill('Still friendly, still in Bristol.');
    await page.getByLabel('Display name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const saved = await toastTitled('Success');
    expect(saved).toContain('Your profile has been updated.');

    const profile = await ownProfile();
    expect(profile.interests).toHaveLength(5);
    expect(profile.bio).toBe('Still friendly, still in Bristol.');
    expect(profile.creator).toBe(true);
    expect(profile.creatorTypes).toEqual(['photo']);
    // display name defaults to the username when left empty
    expect(profile.displayName).toBe(profile.username);

    // a single member gets the plain wording
    await page.getByLabel('Relationship type').selectOption('single-female');
    await page.getByRole('heading', { level: 1, name: 'Edit Profile' }).waitFor();
    expect(await page.getByLabel('Age', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel('Bio', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Average Age').count()).toBe(0);

    // Cancel goes back to the profile
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL('**/profile');
  });

  it('refuses a file that is not an image, in the browser and on the server', async () => {
    await coupleThroughApi();
    await page.goto('/edit-profile');
    await page.getByRole('heading', { level: 1, name: 'Edit Our Profile' }).waitFor();

    // a text file renamed .png: the browser calls it image/png, its bytes say otherwise
    const fake = path.join(files, 'notes.png');
    await writeFile(fake, 'These are my notes, not a picture.\n');
    let uploads = 0;
    await page.route('**/api/v1/media', (route) => {
      uploads++;
      return route.continue();
    });
    await page.getByLabel('Profile photo').setInputFiles(fake);
    const refused = await toastTitled('Upload Error');
    expect(refused).toContain('Please select a valid image file (JPEG, PNG, WebP, or GIF)');
    await page.getByRole('alert').filter({ hasText: 'Please select a valid image file (JPEG, PNG, WebP, or GIF)' }).waitFor();
    expect(uploads).toBe(0);

    // PNG's first bytes then nonsense: past the browser's check, the server decodes it and says no
    const broken = path.join(files, 'broken.png');
    await writeFile(
      broken,
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a png')]),
    );
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/media') && r.request().method() === 'POST');
    await page.getByLabel('Cover photo').setInputFiles(broken);
    expect((await answer).status()).toBe(400);
    expect(uploads).toBe(1);
    const serverSaid = await toastTitled('Upload Error');
    expect(serverSaid).toContain('Please select a valid image file (JPEG, PNG, WebP, or GIF)');
    expect((await ownProfile()).coverPhotoUrl).toBeNull();

    // a real cover photo goes through
    await page.getByLabel('Cover photo').setInputFiles(await jpegFile('cover.jpg'));
    const done = await toastTitled('Success!');
    expect(done).toContain('Cover photo uploaded successfully');
    expect((await ownProfile()).coverPhotoUrl).toMatch(/^\/api\/v1\/media\/file\//);
  });

  it("refuses to edit another member's profile", async () => {
    await coupleThroughApi();
    await page.goto('/edit-profile?user=someone-else');
    await page.waitForURL('**/profile');
    const denied = await toastTitled('Access Denied');
    expect(denied).toContain('Access Denied: You can only edit your own profile');
  });
});
