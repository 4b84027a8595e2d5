import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { MAX_INPUT_PIXELS, TooManyPixelsError, processImage } from './image-processing.ts';
import { pngHeader } from '../test/png-header.ts';
import { createUploadQueue } from './upload-queue.ts';

// Every sharp pipeline the code opens is recorded with its input, to count decodes of the original.
const opened = vi.hoisted(() => [] as unknown[]);
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof sharp }>()).default;
  const wrapped = (...args: Parameters<typeof sharp>) => {
    opened.push(args[0]);
    return real(...args);
  };
  return { default: Object.assign(wrapped, real) };
});

describe('image processing', () => {
  it('decodes the original once for all three widths', async () => {
    const original = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: '#1e8c5a' },
    })
      .jpeg()
      .toBuffer();
    opened.length = 0;
    const image = await processImage(original);
    expect(image.variants.map((variant) => variant.width)).toEqual([480, 960, 1600]);
    expect(image.variants.map((variant) => variant.height)).toEqual([320, 640, 1067]);
    const ofOriginal = opened.filter((input) => Buffer.isBuffer(input) && input.equals(original));
    expect(ofOriginal).toHaveLength(1);
  });

  it('refuses a picture over 40 megapixels from its header, before decoding it', async () => {
    expect(MAX_INPUT_PIXELS).toBe(40_000_000);
    await expect(processImage(pngHeader(8000, 5001))).rejects.toBeInstanceOf(TooManyPixelsError);
    // Just under the limit it is read (and here found broken, which is another error).
    await expect(processImage(pngHeader(8000, 5000))).rejects.not.toBeInstanceOf(TooManyPixelsError);
  });
});

describe('upload queue', () => {
  it('lets one upload work at a time, two wait, and turns away the next', async () => {
    const queue = createUploadQueue({ maxWaiting: 2 });
    const tickets = [queue.enter(), queue.enter(), queue.enter()];
    expect(tickets.every(Boolean)).toBe(true);
    expect(queue.enter()).toBeUndefined();
    const order: number[] = [];
    const turns = tickets.map((ticket, index) => ticket!.turn().then(() => order.push(index)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([0]);
    tickets[0]!.release();
    await turns[1];
    expect(order).toEqual([0, 1]);
    // A place freed lets one more in line.
    const fourth = queue.enter();
    expect(fourth).toBeDefined();
    // A waiting upload that gives up leaves the line without ever holding the turn.
    const fourthTurn = fourth!.turn().then(() => order.push(3));
    tickets[2]!.release();
    tickets[1]!.release();
    await fourthTurn;
    expect(order).toEqual([0, 1, 3]);
    fourth!.release();
    expect(queue.size).toBe(0);
  });
});
