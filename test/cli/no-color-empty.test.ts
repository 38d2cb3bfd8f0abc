// When text output is coloured (src/cli/io.ts colourWanted). Found by an earlier sitting: an empty `NO_COLOR=`
// turned colour off, where no-color.org says colour is off only when NO_COLOR is present and not an empty string.
// FORCE_COLOR is not read by toolgate: it changes nothing.
import { describe, expect, it } from 'vitest';
import { colourWanted } from '../../src/cli/io.js';

describe('colour on a terminal and NO_COLOR', () => {
  it.each([
    ['NO_COLOR unset', true, {}, true],
    ['NO_COLOR empty', true, { NO_COLOR: '' }, true],
    ['NO_COLOR=1', true, { NO_COLOR: '1' }, false],
    ['NO_COLOR=0 (any non-empty value)', true, { NO_COLOR: '0' }, false],
    ['NO_COLOR=true', true, { NO_COLOR: 'true' }, false],
    ['not a terminal', false, {}, false],
    ['not a terminal, NO_COLOR empty', false, { NO_COLOR: '' }, false],
    ['FORCE_COLOR=1 not read', false, { FORCE_COLOR: '1' }, false],
    ['FORCE_COLOR=0 not read', true, { FORCE_COLOR: '0' }, true],
  ])('%s', (_what, terminal, env: Record<string, string>, coloured) => {
    expect(colourWanted(terminal, env)).toBe(coloured);
  });
});
