import type { ProviderId } from './provider-ids.js';
import type { ProviderProfile } from './profile.js';

/** How a provider takes tool names: the longest it takes, and where it states its rule. */
export interface NameRule {
  readonly maxLength: number;
  /** The provider's own statement of the rule, cited by a `tool-name` finding; absent when none is cited. */
  readonly source?: string;
}

/** One provider, as its module declares it: a row of PROVIDERS (providers.ts). */
export interface Provider<Id extends ProviderId = ProviderId> {
  readonly id: Id;
  /** What it documents (or is seen) to reject or ignore in a parameters schema; absent: no profile. */
  readonly profile?: ProviderProfile;
  /** Its tool names, when it has a wire format of its own (toolsFor, toMessage); absent: none. */
  readonly names?: NameRule;
}
