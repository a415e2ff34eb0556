// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './url-safety';

describe('safeHttpUrl', () => {
  it.each([
    ['https://files.example.com/cert/1.pdf', 'https://files.example.com/cert/1.pdf'],
    ['http://files.example.com/c.pdf?id=1#page=2', 'http://files.example.com/c.pdf?id=1#page=2'],
    ['HTTPS://Files.Example.com/c.pdf', 'https://files.example.com/c.pdf'],
    ['https://files.example.com:8443/a%20b.pdf', 'https://files.example.com:8443/a%20b.pdf'],
    // Characters past U+FFFF are two UTF-16 code units, neither of them a control character.
    ['https://files.example.com/\u{1F393}.pdf', 'https://files.example.com/%F0%9F%8E%93.pdf'],
    ['https://files.example.com/\u00FF.pdf', 'https://files.example.com/%C3%BF.pdf'],
  ])('links %j', (value, href) => {
    expect(safeHttpUrl(value)).toBe(href);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['javascript://example.com/%0Aalert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    ['file:///etc/passwd'],
    ['ftp://files.example.com/c.pdf'],
    ['/certs/1.pdf'],
    ['certs/1.pdf'],
    ['//evil.example/c.pdf'],
    [' https://files.example.com/c.pdf'],
    ['https://files.example.com/c.pdf '],
    ['\thttps://files.example.com/c.pdf'],
    ['java\tscript:alert(1)'],
    ['https://files.example.com/a b.pdf'],
    ['https://files.example.com/\u0000.pdf'],
    ['https://files.example.com/\u001F.pdf'],
    ['https://files.example.com/\u007F.pdf'],
    ['https://files.example.com/\u0085.pdf'],
    ['https://files.example.com/\u009F.pdf'],
    ['\u200Bhttps://files.example.com/c.pdf'],
    ['http:evil.example'],
    ['http:/evil.example'],
    ['https://'],
    ['https://bank.example@evil.example/'],
    ['https://user:pass@files.example.com/'],
    [''],
  ])('refuses %j', (value) => {
    expect(safeHttpUrl(value)).toBeNull();
  });

  it.each([[null], [undefined], [42], [{ href: 'https://x.example' }]])('refuses the non-string %j', (value) => {
    expect(safeHttpUrl(value)).toBeNull();
  });
});
