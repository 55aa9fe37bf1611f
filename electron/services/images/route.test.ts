import { describe, expect, it, vi } from 'vitest';
import type { ImageSource } from './cache';
import { answerImageRequest } from './route';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const source = () => {
  const image = vi.fn<ImageSource['image']>(async (_kind, path) => (path === 'a/b.png' ? { bytes: png, contentType: 'image/png' } : null));
  return { image };
};

describe('answerImageRequest', () => {
  it('answers a cached image with its type, length and no-cache', async () => {
    const images = source();
    const answer = await answerImageRequest(images, 'GET', '/images/thumb/a%2Fb.png');
    expect(answer).toMatchObject({ status: 200, body: png });
    expect(answer.headers).toMatchObject({ 'content-type': 'image/png', 'content-length': String(png.length), 'cache-control': 'no-cache' });
    expect(images.image).toHaveBeenCalledWith('thumb', 'a/b.png');
    expect((await answerImageRequest(images, 'HEAD', '/images/full/a%2Fb.png')).body).toBeNull();
  });

  it('answers 404 for an unknown image and for no cache at all', async () => {
    expect((await answerImageRequest(source(), 'GET', '/images/full/other.png')).status).toBe(404);
    expect((await answerImageRequest(null, 'GET', '/images/full/a%2Fb.png')).status).toBe(404);
  });

  it('answers 404 to traversal attempts without asking the cache', async () => {
    const images = source();
    for (const path of ['/images/full/..%2F..%2Fsecret', '/images/thumb/%2e%2e%5csecret', '/images/full/x%00.png']) {
      expect((await answerImageRequest(images, 'GET', path)).status).toBe(404);
    }
    expect(images.image).not.toHaveBeenCalled();
  });

  it('is read-only', async () => {
    const answer = await answerImageRequest(source(), 'DELETE', '/images/full/a%2Fb.png');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });
});
