import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { IPV4, IPV6, NOT_AN_ADDRESS, parseIp } from './ip-address.js';

const words = new Uint32Array(4);

function v6(text: string): number[] | null {
  return parseIp(text, words) === IPV6 ? Array.from(words) : null;
}

function v4(text: string): number | null {
  return parseIp(text, words) === IPV4 ? (words[0] ?? null) : null;
}

describe('parseIp', () => {
  it('reads dotted quads as unsigned 32-bit numbers', () => {
    expect(v4('0.0.0.0')).toBe(0);
    expect(v4('8.8.8.8')).toBe(0x08080808);
    expect(v4('255.255.255.255')).toBe(0xffffffff);
    expect(v4('192.168.1.10')).toBe(0xc0a8010a);
  });

  it('reads every IPv6 compression form', () => {
    expect(v6('::')).toEqual([0, 0, 0, 0]);
    expect(v6('::1')).toEqual([0, 0, 0, 1]);
    expect(v6('1::')).toEqual([0x00010000, 0, 0, 0]);
    expect(v6('2001:4860:4860::8888')).toEqual([0x20014860, 0x48600000, 0, 0x8888]);
    expect(v6('2001:4860:4860:0:0:0:0:8888')).toEqual([0x20014860, 0x48600000, 0, 0x8888]);
    expect(v6('2001:db8::1:0:0:1')).toEqual([0x20010db8, 0, 0x00010000, 0x00000001]);
    expect(v6('1:2:3:4:5:6:7::')).toEqual([0x00010002, 0x00030004, 0x00050006, 0x00070000]);
    expect(v6('::2:3:4:5:6:7:8')).toEqual([0x00000002, 0x00030004, 0x00050006, 0x00070008]);
    expect(v6('FFFF:ffff:FfFf:ffff:ffff:ffff:ffff:ffff')).toEqual([
      0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
    ]);
    expect(v6('64:ff9b::192.0.2.33')).toEqual([0x0064ff9b, 0, 0, 0xc0000221]);
    expect(v6('::1.2.3.4')).toEqual([0, 0, 0, 0x01020304]);
  });

  it('reads IPv4-mapped IPv6 addresses as IPv4, in any spelling', () => {
    expect(v4('::ffff:1.2.3.4')).toBe(0x01020304);
    expect(v4('::FFFF:8.8.8.8')).toBe(0x08080808);
    expect(v4('0:0:0:0:0:ffff:0102:0304')).toBe(0x01020304);
    expect(v4('::ffff:102:304')).toBe(0x01020304);
  });

  it.each([
    '',
    ' 8.8.8.8',
    '8.8.8.8 ',
    '8.8.8',
    '8.8.8.8.8',
    '256.1.1.1',
    '1.1.1.01',
    '1..1.1',
    '1.1.1.1.',
    '1.2.3.4:80',
    'fe80::1%eth0',
    'fe80::1%1',
    ':::',
    '1:::2',
    '1::2::3',
    ':1::2',
    '1::2:',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8::',
    '12345::1',
    'g::1',
    '::ffff:1.2.3',
    '::ffff:1.2.3.256',
    '1:2:3:4:5:6:7:1.2.3.4',
    '::1.2.3.4:5',
    '[::1]',
    'localhost',
    'ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255x',
  ])('rejects %j', (text) => {
    expect(parseIp(text, words)).toBe(NOT_AN_ADDRESS);
  });

  it('never throws on values that are not strings', () => {
    for (const value of [undefined, null, 42, {}, []]) {
      expect(parseIp(value as unknown as string, words)).toBe(NOT_AN_ADDRESS);
    }
  });

  it("agrees with node:net on which texts are addresses (zone ids aside, which it accepts and we don't)", () => {
    const texts = [
      '1.2.3.4',
      '01.2.3.4',
      '1.2.3.4.',
      '::',
      '::ffff:1.2.3.4',
      '1::1.2.3.4',
      '1:2:3:4:5:6:1.2.3.4',
      '1:2:3:4:5:6:7:1.2.3.4',
      '1:2:3:4:5:6:7::',
      '::1:2:3:4:5:6:7',
      '1::2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8',
      '1:2:3:4:5:6:7:8:',
      '2001:0db8:0000:0000:0000:ff00:0042:8329',
      '2001:db8:0:0:0:ff00:42:8329',
      '02001:db8::',
      'abcd:ef01::',
      '::ffff:255.255.255.255',
      '1.2.3.999',
    ];
    for (const text of texts) {
      expect([text, parseIp(text, words) !== NOT_AN_ADDRESS]).toEqual([text, isIP(text) !== 0]);
    }
  });
});
