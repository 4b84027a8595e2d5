import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file, as a browser's FormData would send it. */
export function multipartFile(
  field: string,
  fileName: string,
  contentType: string,
  data: Buffer,
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----limite${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
