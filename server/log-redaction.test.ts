import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest } from './log-redaction';

describe('redactUrl', () => {
  it.each([
    ['/endpoint/v1/label_groups', '/endpoint/v1/label_groups'],
    ['/a?page=2&per_page=10', '/a?page=2&per_page=10'],
    ['/a?access_token=s3cret&page=2', '/a?access_token=[redacted]&page=2'],
    ['/a?page=2&access%5Ftoken=s3cret', '/a?page=2&access%5Ftoken=[redacted]'],
    ['/a?ACCESS_TOKEN=s3cret', '/a?ACCESS_TOKEN=[redacted]'],
    ['/a?access_token=one&access_token=two', '/a?access_token=[redacted]&access_token=[redacted]'],
    ['/a?refresh_token=x%3Dy=z', '/a?refresh_token=[redacted]'],
    ['/a?access_token', '/a?access_token=[redacted]'],
    ['/a?%zz=1&access_token=s3cret', '/a?%zz=1&access_token=[redacted]'],
    ['/a?&&access_token=s3cret&&', '/a?&&access_token=[redacted]&&'],
    ['/api/oauth/token?client_id=k&client_secret=s3cret', '/api/oauth/token?client_id=k&client_secret=[redacted]'],
    ['/a?Client%5FSecret=s3cret', '/a?Client%5FSecret=[redacted]'],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('serializeRequest', () => {
  it('keeps method, redacted URL and address, and no headers', () => {
    const request = {
      method: 'GET',
      url: '/x?access_token=s3cret',
      socket: { remoteAddress: '127.0.0.1' },
      headers: { authorization: 'Bearer s3cret', cookie: 'a=s3cret' },
    };
    const serialized = serializeRequest(request);
    expect(serialized).toEqual({ method: 'GET', url: '/x?access_token=[redacted]', remoteAddress: '127.0.0.1' });
    expect(JSON.stringify(serialized)).not.toContain('s3cret');
  });
});
