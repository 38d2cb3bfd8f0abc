// Credentials known by their shape: a vendor's documented prefix and enough random characters after it. A server's
// command line holds them as plain words (`npx -y @modelcontextprotocol/server-github ghp_...`, `-H "X-Key: AIza..."`),
// where no option or `KEY=` names them (command-line.ts). The rule keeps false positives low: the prefix starts a word
// or follows a character no token holds (`/`, `=`, `:`, space), the characters after it are the vendor's alphabet, at
// least `min` of them (so `sk-learn`, `hf_hub` or `npm_config` are words, not tokens), and a tail whose length varies
// must mix a digit or both letter cases (so `sk-` before a long lower-case slug is not masked either); a fixed-length
// tail (`AKIA` + 16) is its own evidence.

/** One credential shape: its prefixes, the characters after them, how many, and where the vendor documents it. */
interface TokenShape {
  readonly prefixes: readonly string[];
  /** A character class of the characters after the prefix. */
  readonly chars: string;
  readonly min: number;
  /** The exact length when the vendor fixes it; undefined when it may vary (GitHub: up to 255). */
  readonly exact?: number;
  /** The tail's pattern when it has parts of its own (a JWT's); `chars` and `min` otherwise. */
  readonly tail?: string;
  readonly source: string;
}

/** The shapes masked on a server's command line. */
const TOKEN_SHAPES: readonly TokenShape[] = [
  // OpenAI (`sk-`, `sk-proj-`), Anthropic (`sk-ant-api03-`), DeepSeek (`sk-` + 32 hex): at least 32 after `sk-`.
  {
    prefixes: ['sk-'],
    chars: '[A-Za-z0-9_-]',
    min: 32,
    source: 'https://github.com/gitleaks/gitleaks/blob/master/config/gitleaks.toml (openai-api-key, anthropic-api-key)',
  },
  {
    prefixes: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
    chars: '[A-Za-z0-9_]',
    min: 36,
    source: 'https://github.blog/changelog/2021-03-31-authentication-token-format-updates-are-generally-available',
  },
  {
    prefixes: ['github_pat_'],
    chars: '[A-Za-z0-9_]',
    min: 40,
    source: 'https://github.blog/2022-10-18-introducing-fine-grained-personal-access-tokens-for-github/',
  },
  // Newer GitLab tokens hold dots (`glpat-<27>.01.<9>`): the whole token is masked, not its first part.
  {
    prefixes: ['glpat-'],
    chars: '[A-Za-z0-9_.-]',
    min: 20,
    source: 'https://docs.gitlab.com/ee/security/tokens/#token-prefixes',
  },
  {
    prefixes: ['xoxb-', 'xoxp-', 'xapp-'],
    chars: '[A-Za-z0-9-]',
    min: 20,
    source: 'https://api.slack.com/concepts/token-types',
  },
  {
    prefixes: ['AKIA', 'ASIA'],
    chars: '[A-Z0-9]',
    min: 16,
    exact: 16,
    source: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html#identifiers-unique-ids',
  },
  {
    prefixes: ['AIza'],
    chars: '[A-Za-z0-9_-]',
    min: 35,
    exact: 35,
    source: 'https://github.com/gitleaks/gitleaks/blob/master/config/gitleaks.toml (gcp-api-key)',
  },
  { prefixes: ['hf_'], chars: '[A-Za-z0-9]', min: 30, source: 'https://huggingface.co/docs/hub/security-tokens' },
  {
    prefixes: ['npm_'],
    chars: '[A-Za-z0-9]',
    min: 36,
    source: 'https://github.blog/changelog/2021-09-23-npm-has-a-new-access-token-format/',
  },
  // Stripe's secret and restricted keys, live and test (`pk_` keys are published, not secret). Stripe documents the
  // prefixes, not the length: 24 is the shortest key it has issued.
  {
    prefixes: ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_'],
    chars: '[A-Za-z0-9]',
    min: 24,
    source: 'https://docs.stripe.com/keys (key prefixes)',
  },
  // A JWT (an OAuth access or ID token): base64url header `{"` (`eyJ`), `.`, payload `{"`, `.`, signature (empty for
  // an unsecured JWT). The whole token is masked.
  {
    prefixes: ['eyJ'],
    chars: '[A-Za-z0-9_-]',
    min: 8,
    tail: '[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*',
    source: 'https://www.rfc-editor.org/rfc/rfc7519#section-3.1 (JWS compact serialization, RFC 7515 section 7.1)',
  },
];

/** A character no token holds comes before a token, or nothing does (`mask-sk-...` is one word, not a token). */
const BEFORE = '(?<![A-Za-z0-9_.-])';

/**
 * One pattern per shape: prefix and tail, all of the shape's characters that follow (a fixed-length tail followed by
 * more of them is another word).
 */
const PATTERNS = TOKEN_SHAPES.map((s) => {
  const tail = s.tail ?? (s.exact === undefined ? `${s.chars}{${s.min},}` : `${s.chars}{${s.exact}}(?!${s.chars})`);
  return new RegExp(`${BEFORE}(?:${s.prefixes.join('|')})(${tail})`, 'g');
});

/** Whether a tail of varying length looks random: it holds a digit, or both an upper- and a lower-case letter. */
const mixed = (tail: string): boolean => /\d/.test(tail) || (/[a-z]/.test(tail) && /[A-Z]/.test(tail));

/** The tokens of known shapes in `text`, each with where it starts, in order, none overlapping. */
export function tokensIn(text: string): { at: number; text: string }[] {
  const found: { at: number; text: string }[] = [];
  for (const [i, pattern] of PATTERNS.entries())
    for (const m of text.matchAll(pattern))
      if (TOKEN_SHAPES[i]?.exact !== undefined || mixed(m[1] as string)) found.push({ at: m.index, text: m[0] });
  found.sort((a, b) => a.at - b.at);
  let end = 0;
  return found.filter((t) => {
    if (t.at < end) return false;
    end = t.at + t.text.length;
    return true;
  });
}

/** `text` with each token of a known shape written as `shown`. */
export function withoutTokens(text: string, shown: string): string {
  let out = text;
  // Right to left: each cut leaves the places of the tokens before it as they were.
  for (const { at, text: token } of tokensIn(text).reverse())
    out = `${out.slice(0, at)}${shown}${out.slice(at + token.length)}`;
  return out;
}
