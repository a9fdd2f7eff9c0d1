import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { signUp, uniqueEmail } from '../../../test/flows.js';

let ctx: TestContext;
let dataDir: string;
let avatarsDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lede-profile-pictures-'));
  avatarsDir = path.join(dataDir, 'media', 'avatars');
  ctx = await createTestContext({ dataDir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A reader signed up through the real flow; requests then carry only the bearer token. */
async function signUpReader(context: TestContext) {
  const email = uniqueEmail('profile');
  const { token, user } = await signUp(context, context.request(), { email });
  return { id: user._id as string, email, auth: { Authorization: `Bearer ${token}` } };
}
type SignedUpReader = Awaited<ReturnType<typeof signUpReader>>;

/** The user's row as stored, in database column names. */
const userRow = async (context: TestContext, id: string) =>
  (await context.database.pool.query('select * from users where id = $1', [id])).rows[0];

const png = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();

const upload = (reader: SignedUpReader, file: Buffer, filename = 'me.png', field = 'file') =>
  ctx.request().post('/api/profile/uploadpicture').set(reader.auth).attach(field, file, filename);

const choose = (reader: SignedUpReader, profile_url: unknown) =>
  ctx.request().put('/api/profile/updateprofilepicture').set(reader.auth).send({ profile_url });

const storedFiles = () => (fs.existsSync(avatarsDir) ? fs.readdirSync(avatarsDir).sort() : []);
const fileOf = (url: string) => path.join(avatarsDir, path.basename(url));

describe('POST /api/profile/uploadpicture', () => {
  it('turns a PNG into a 256x256 webp stored on disk, served at the returned URL', async () => {
    const reader = await signUpReader(ctx);
    const res = await upload(reader, await png());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      AccessToken: expect.any(String),
      message: 'Profile picture updated successfully!',
      url: expect.stringMatching(/^\/media\/avatars\/[0-9a-f-]{36}\.webp$/),
      user: expect.objectContaining({ _id: reader.id, profile_url: res.body.url }),
    });
    expect((await userRow(ctx, reader.id))!.profile_url).toBe(res.body.url);
    expect(fs.existsSync(fileOf(res.body.url))).toBe(true);

    const image = await ctx.request().get(res.body.url).buffer(true);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.body as Buffer).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      width: 256,
      height: 256,
    });
  });

  it('replacing a stored picture deletes the old file', async () => {
    const reader = await signUpReader(ctx);
    const first = (await upload(reader, await png()).expect(200)).body.url as string;
    const second = (await upload(reader, await png(100, 500)).expect(200)).body.url as string;
    expect(second).not.toBe(first);
    expect(fs.existsSync(fileOf(first))).toBe(false);
    expect(fs.existsSync(fileOf(second))).toBe(true);
    expect((await userRow(ctx, reader.id))!.profile_url).toBe(second);
  });

  it.each([
    [
      'a text file renamed .png',
      async () => Buffer.from('definitely not an image\n'.repeat(20)),
      'photo.png',
    ],
    [
      'an SVG (scripts, external references)',
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      'me.svg',
    ],
    ['a truncated PNG', async () => (await png()).subarray(0, 200), 'cut.png'],
  ])('refuses %s with 400 and stores nothing', async (_case, makeFile, filename) => {
    const content = await makeFile();
    const reader = await signUpReader(ctx);
    const before = storedFiles();
    const res = await upload(reader, content, filename);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Only image files are supported.', code: 'NOT_AN_IMAGE' });
    expect(storedFiles()).toEqual(before);
    expect((await userRow(ctx, reader.id))!.profile_url).toBeNull();
  });

  it('refuses a file over 5 MB with 413', async () => {
    const reader = await signUpReader(ctx);
    const before = storedFiles();
    const res = await upload(reader, Buffer.alloc(5 * 1024 * 1024 + 1, 7), 'huge.png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Max file size is 5MB.', code: 'FILE_TOO_LARGE' });
    expect(storedFiles()).toEqual(before);
    expect((await userRow(ctx, reader.id))!.profile_url).toBeNull();
  });

  it('refuses an image claiming more pixels than it is safe to decode', async () => {
    const reader = await signUpReader(ctx);
    const bomb = await sharp({
      create: { width: 9000, height: 8000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(reader, bomb);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Image dimensions are too large.',
      code: 'IMAGE_TOO_LARGE',
    });
  });

  it('without a file is 400', async () => {
    const reader = await signUpReader(ctx);
    const res = await ctx.request().post('/api/profile/uploadpicture').set(reader.auth).send({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'No file uploaded', code: 'NO_FILE' });
  });

  it('under another field name is 400', async () => {
    const reader = await signUpReader(ctx);
    const res = await upload(reader, await png(), 'me.png', 'picture');
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('a broken multipart body is 400, not 500', async () => {
    const reader = await signUpReader(ctx);
    const res = await ctx
      .request()
      .post('/api/profile/uploadpicture')
      .set(reader.auth)
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send(
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\npartial',
      );
    expect(res.status).toBe(400);
  });

  it('a missing avatar is a plain 404', async () => {
    const res = await ctx.request().get('/media/avatars/00000000-0000-0000-0000-000000000000.webp');
    expect(res.status).toBe(404);
    expect(res.type).not.toBe('text/html');
  });
});

describe('PUT /api/profile/updateprofilepicture', () => {
  it("accepts one of the app's own avatars, relative or absolute, and stores it relative", async () => {
    const reader = await signUpReader(ctx);
    const url = (await upload(reader, await png()).expect(200)).body.url as string;
    const other = await signUpReader(ctx);

    const relative = await choose(other, url);
    expect(relative.status).toBe(200);
    expect(relative.body).toEqual({
      AccessToken: expect.any(String),
      message: 'Profile picture updated successfully!',
      user: expect.objectContaining({ _id: other.id, profile_url: url }),
    });
    const absolute = await choose(other, `${ctx.deps.config.appOrigin}${url}`);
    expect(absolute.status).toBe(200);
    expect((await userRow(ctx, other.id))!.profile_url).toBe(url);
  });

  it('the default avatar removes the picture (NULL) and deletes the stored file', async () => {
    const reader = await signUpReader(ctx);
    const url = (await upload(reader, await png()).expect(200)).body.url as string;
    const res = await choose(reader, '/media/default-avatar.svg');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      AccessToken: expect.any(String),
      message: 'Profile picture removed successfully!',
      user: expect.objectContaining({ profile_url: '/media/default-avatar.svg' }),
    });
    expect((await userRow(ctx, reader.id))!.profile_url).toBeNull();
    expect(fs.existsSync(fileOf(url))).toBe(false);
  });

  it('a picture another reader still shows is not deleted when one of them moves on', async () => {
    const owner = await signUpReader(ctx);
    const shared = (await upload(owner, await png()).expect(200)).body.url as string;
    const copier = await signUpReader(ctx);
    await choose(copier, shared).expect(200);
    await upload(copier, await png(50, 50)).expect(200);
    expect(fs.existsSync(fileOf(shared))).toBe(true);
    await choose(owner, '/media/default-avatar.svg').expect(200);
    expect(fs.existsSync(fileOf(shared))).toBe(false);
  });

  it.each([
    ['plain http', 'http://res.cloudinary.com/demo/image/upload/a.png'],
    ['an unconfigured image host', 'https://res.cloudinary.com/demo/image/upload/a.png'],
    ['another host', 'https://evil.example/a.png'],
    ['javascript:', 'javascript:alert(1)'],
    ['a relative path outside /media/avatars', '/api/profile/deleteaccount'],
    ['a path climbing out of /media/avatars', '/media/avatars/../../../etc/passwd'],
    ['an avatar that does not exist', '/media/avatars/00000000-0000-0000-0000-000000000000.webp'],
    ['an operator object', { $gt: '' }],
    ['nothing', undefined],
  ])('refuses %s with 400 and keeps the picture', async (_case, profileUrl) => {
    const reader = await signUpReader(ctx);
    const res = await choose(reader, profileUrl);
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect((await userRow(ctx, reader.id))!.profile_url).toBeNull();
  });

  it('says which URLs are acceptable', async () => {
    const reader = await signUpReader(ctx);
    const res = await choose(reader, 'https://evil.example/a.png');
    expect(res.body).toEqual({
      message: 'profile_url must be an https URL of the image host or this app',
      code: 'INVALID_PICTURE_URL',
    });
  });
});

describe('with a Cloudinary account configured', () => {
  let cloudCtx: TestContext;
  beforeAll(async () => {
    cloudCtx = await createTestContext({
      dataDir,
      cloudinaryUrl: 'cloudinary://123:abc@democloud',
    });
  });
  afterAll(async () => {
    await cloudCtx.close();
  });

  it('accepts https images of that cloud only', async () => {
    const reader = await signUpReader(cloudCtx);
    const send = (profile_url: string) =>
      cloudCtx
        .request()
        .put('/api/profile/updateprofilepicture')
        .set(reader.auth)
        .send({ profile_url });
    await send('http://res.cloudinary.com/democloud/image/upload/v1/profile_pictures/a.jpg').expect(
      400,
    );
    await send(
      'https://res.cloudinary.com/othercloud/image/upload/v1/profile_pictures/a.jpg',
    ).expect(400);
    expect((await userRow(cloudCtx, reader.id))!.profile_url).toBeNull();

    const good =
      'https://res.cloudinary.com/democloud/image/upload/v1712345678/profile_pictures/a.jpg';
    const res = await send(good);
    expect(res.status).toBe(200);
    expect(res.body.user.profile_url).toBe(good);
    expect((await userRow(cloudCtx, reader.id))!.profile_url).toBe(good);
  });
});
