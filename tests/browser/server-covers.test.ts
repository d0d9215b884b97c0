/**
 * A post's cover photo uploaded in the admin, in server mode (`npm start`): the admin uploads a
 * camera's photo (on its side, camera model, GPS position; tests/support/camera-photo.ts) to a
 * post published on the server; a file that is not an image is refused with the server's message
 * and nothing changes. A visitor in a browser of their own sees the cover as the post page's
 * first image (AVIF and WebP variants, upright, without the camera's metadata, cached for a year)
 * and on the blog list's card; the cover is kept across a restart of the server, and removed.
 * (The backup and restore of a cover: scripts/db-backup.test.ts.)
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BLUE, cameraPhoto, near, pixel, RED } from '../support/camera-photo';
import { hydrated, openPage, useBrowser, type WatchedPage } from './support/browser';
import { TEST_CREDENTIALS } from './support/env';
import { submitLogin } from './support/portal';
import { getFrom, requestFrom, signInContext, useServerSite } from './support/server-mode';
import { EVENT_WAIT_MS } from './support/waits';

const getBrowser = useBrowser();
const site = useServerSite();

const TITLE = 'Harvest notes from the field';
const ALT = 'Garlic bulbs laid in rows to cure in the field after harvest';

async function open(watched: WatchedPage, path: string) {
  const response = await watched.page.goto(site.origin() + path, { waitUntil: 'load' });
  await hydrated(watched.page);
  return response;
}

const postsSection = (page: Page) => page.getByRole('region', { name: 'Blog posts' });

/** The first picture on a page: its sources, its image's alternative, size and priority. */
const firstPicture = (page: Page) =>
  page.evaluate(() => {
    const picture = document.querySelector('main picture');
    const img = picture?.querySelector('img');
    return {
      avif: picture?.querySelector('source[type="image/avif"]')?.getAttribute('srcset') ?? '',
      webp: picture?.querySelector('source[type="image/webp"]')?.getAttribute('srcset') ?? '',
      alt: img?.getAttribute('alt'),
      size: [img?.getAttribute('width'), img?.getAttribute('height')],
      priority: img?.getAttribute('fetchpriority'),
      loading: img?.getAttribute('loading'),
      firstImage: document.querySelector('main img') === img,
    };
  });

describe('a cover photo uploaded in the admin', () => {
  it('is refused when it is not an image, then shown to every visitor, upright and without metadata, kept across a restart, and removed', async () => {
    const admin = await openPage(getBrowser());
    const { page } = admin;
    await signInContext(page, site.origin());
    const added = await requestFrom(page, `${site.origin()}/api/admin/posts`, {
      method: 'POST',
      data: { title: TITLE, content: 'The season went well.' },
      headers: { Origin: site.origin() },
    });
    expect(added.status()).toBe(201);
    const { post } = (await added.json()) as { post: { id: number } };
    const path = `/blog/${post.id}`;

    await open(admin, '/admin/login?next=/admin');
    await submitLogin(page, TEST_CREDENTIALS.ADMIN_USERNAME, TEST_CREDENTIALS.ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/admin');
    const form = postsSection(page).getByRole('form', { name: `Cover photo of “${TITLE}”` });
    await form.waitFor({ timeout: EVENT_WAIT_MS });

    // An HTML page named like a photo: the server's message, and no cover.
    await form
      .getByLabel('Cover photo', { exact: true })
      .setInputFiles({ name: 'harvest.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<!doctype html><title>x</title>') });
    await form.getByLabel('What the photo shows').fill(ALT);
    await form.getByRole('button', { name: 'Upload cover' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent(), { timeout: EVENT_WAIT_MS })
      .toBe('The photo was not saved: The photo is not a JPEG, PNG, WebP or AVIF image (its content is not an image, whatever its name says)');

    await form.getByLabel('Cover photo', { exact: true }).setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
    // The server answers once it has stored the photo's master (its variants follow): CPU work that
    // a busy machine stretches past an event's wait, so the test waits for the answer itself (the
    // test's own limit is the safety net) and then for the form to say so.
    const uploaded = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith('/cover'), { timeout: 0 });
    await form.getByRole('button', { name: 'Upload cover' }).click();
    expect((await uploaded).status()).toBe(200);
    await expect.poll(() => form.getByRole('status').textContent(), { timeout: EVENT_WAIT_MS }).toBe(`The cover of “${TITLE}” is on the website.`);

    // A visitor with a browser of their own: the post page's first image is the photo.
    const visitor = await openPage(getBrowser());
    await open(visitor, path);
    const shown = await firstPicture(visitor.page);
    expect(shown).toMatchObject({ alt: ALT, size: ['800', '1200'], priority: 'high', loading: 'eager', firstImage: true });
    const addresses = [...shown.avif.split(', '), ...shown.webp.split(', ')].map((entry) => entry.split(' ')[0]);
    expect(addresses).toHaveLength(6);
    for (const address of addresses) {
      const response = await getFrom(visitor.page, site.origin() + address);
      expect(response.status(), address).toBe(200);
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      const bytes = await response.body();
      expect((await sharp(bytes).metadata()).exif, address).toBeUndefined();
      expect(bytes.includes(Buffer.from('TestCam')), address).toBe(false);
    }
    const webp = await (await getFrom(visitor.page, site.origin() + addresses.find((address) => address.endsWith('-640.webp'))!)).body();
    expect(near(await pixel(webp, 630, 10), BLUE)).toBe(true);
    expect(near(await pixel(webp, 10, 10), RED)).toBe(true);
    await expect
      .poll(() => visitor.page.evaluate(() => (document.querySelector('main picture img') as HTMLImageElement | null)?.naturalWidth ?? 0), {
        timeout: EVENT_WAIT_MS,
      })
      .toBeGreaterThan(0);

    // The blog list's card shows it too (the server's posts join the list once it is hydrated).
    await open(visitor, '/blog');
    await expect.poll(() => visitor.page.locator('.post-card picture source[type="image/webp"]').count(), { timeout: EVENT_WAIT_MS }).toBe(1);
    expect(visitor.problems).toEqual([]);

    // Kept across a restart of the server.
    await site.restart();
    await open(visitor, path);
    expect((await firstPicture(visitor.page)).webp).toBe(shown.webp);

    // Removed: the post shows its image again.
    await open(admin, '/admin');
    await form.waitFor({ timeout: EVENT_WAIT_MS });
    await form.getByRole('button', { name: 'Remove cover' }).click();
    await expect.poll(() => form.getByRole('status').textContent(), { timeout: EVENT_WAIT_MS }).toBe(`“${TITLE}” shows its image again.`);
    await open(visitor, path);
    expect(await visitor.page.locator('main picture').count()).toBe(0);
    expect((await getFrom(visitor.page, site.origin() + addresses[0])).status()).toBe(404);
    expect(admin.problems.filter((problem) => !problem.includes('400'))).toEqual([]);
  });
});
