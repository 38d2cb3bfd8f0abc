// Regression: host names are refused by their length before any IDNA conversion. Punycode costs the square of
// a label's length, and a label past 59 code points (63 octets as "xn--" plus at least one character per code
// point) or an A-label past 63 characters was converted first (a 20 KB label took 50 ms and more). The
// conversions are spied on, so the test counts work instead of timing it.
import { describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ toALabel: [] as number[], decodeALabel: [] as number[] }));
vi.mock('../../src/formats/idna.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/formats/idna.js')>();
  return {
    ...real,
    toALabel: (cps: readonly number[]) => {
      calls.toALabel.push(cps.length);
      return real.toALabel(cps);
    },
    decodeALabel: (label: string) => {
      calls.decodeALabel.push(label.length);
      return real.decodeALabel(label);
    },
  };
});

const { isHostname, isIdnEmail, isIdnHostname } = await import('../../src/formats/host.js');
const { toALabel } = await import('../../src/formats/idna.js');

describe('host name formats check the length bound first', () => {
  it.each([
    ['idn-hostname, one U-label of 2,000 code points', () => isIdnHostname('é'.repeat(2_000))],
    [
      'idn-hostname, 40 labels of 59 code points (past 253 in all)',
      () => isIdnHostname(`${'é'.repeat(59)}.`.repeat(40)),
    ],
    ['idn-email, a 2,000 code point domain', () => isIdnEmail(`a@${'é'.repeat(2_000)}`)],
    ['hostname, an A-label of 2,000 characters', () => isHostname(`xn--${'a'.repeat(2_000)}`)],
    ['idn-hostname, an A-label of 2,000 characters', () => isIdnHostname(`xn--${'a'.repeat(2_000)}`)],
  ])('%s: refused, nothing converted', (_name, check) => {
    calls.toALabel.length = 0;
    calls.decodeALabel.length = 0;
    expect(check()).toBe(false);
    expect([...calls.toALabel, ...calls.decodeALabel]).toEqual([]);
  });

  it('near the bound the verdict is still the A-label length', () => {
    // 'a' x k + 'é' is a valid U-label whose A-label grows with k: the early bound changes no verdict.
    const verdicts: boolean[] = [];
    for (let k = 50; k <= 60; k++) {
      const label = `${'a'.repeat(k)}é`;
      expect(isIdnHostname(label), label).toBe(toALabel(Array.from(label, (c) => c.codePointAt(0) ?? 0)).length <= 63);
      verdicts.push(isIdnHostname(label));
    }
    expect(verdicts).toContain(true);
    expect(verdicts).toContain(false);
  });
});
