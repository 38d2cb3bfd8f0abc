import { escapePointerToken } from '../util/json-pointer.js';
import { isObject } from '../util/plain-json.js';
import type { LintRule, LintWarning } from './warning.js';
import { quote } from '../util/describe-value.js';

/** The properties of this object schema that are both `required` and given a `default`, in `required` order. */
export function requiredWithDefault(node: unknown): string[] {
  if (!isObject(node)) return [];
  const props = node['properties'];
  if (!isObject(props) || !Array.isArray(node['required'])) return [];
  return [...new Set(node['required'])].filter(
    (name): name is string =>
      typeof name === 'string' &&
      Object.hasOwn(props, name) &&
      isObject(props[name]) &&
      Object.hasOwn(props[name], 'default'),
  );
}

/**
 * A property both `required` and given a `default`. `default` is an annotation (Validation §9.2):
 * nothing fills it in, so the model is forced to send what the server says it would supply.
 */
export const REQUIRED_WITH_DEFAULT: LintRule = {
  id: 'required-with-default',
  check({ node, at }) {
    return requiredWithDefault(node).map(
      (name): LintWarning => ({
        rule: 'required-with-default',
        message:
          `property ${quote(name)} is required and also has a "default": the model must always ` +
          `send it, so the default never applies`,
        schemaPath: `${at.pointer}/properties/${escapePointerToken(name)}/default`,
      }),
    );
  },
};
