// The refusal texts an agentsParameters object produced that its agentsErrorFunction has not read yet: how the error
// function recognises toolgate's own errors. Not by identity: the Agents SDK (0.20, its Standard Schema helper
// validationError) builds a new Error from the issues' messages, so no object toolgate made reaches errorFunction,
// only its text. The SDK validates every call of a turn before any errorFunction runs, so a turn of many parallel
// invalid calls keeps that many texts at once (a hunt's find: 64 were kept, and past them the oldest calls read the
// SDK's generic sentence). Each text is counted and errorFunction takes one; what is never taken (a redacted error
// carries no text) is forgotten oldest first past KEPT_TEXTS texts or KEPT_CHARS characters.

/** Distinct texts kept per parameters object: far more than the parallel calls of one model turn. */
export const KEPT_TEXTS = 1024;
/** Characters of those texts kept per parameters object (UTF-16 code units, about 2 MB). */
export const KEPT_CHARS = 1024 * 1024;

/** Texts produced and not yet taken, each with how many calls produced it; bounded (KEPT_TEXTS, KEPT_CHARS). */
export class PendingTexts {
  /** Each text's count, the least recently produced first. */
  readonly #counts = new Map<string, number>();
  #chars = 0;

  /** One more call refused with `text`; the oldest texts are forgotten past the bounds. */
  add(text: string): void {
    const count = this.#counts.get(text) ?? 0;
    // Produced again: the newest now, the last to be forgotten.
    this.#counts.delete(text);
    this.#counts.set(text, count + 1);
    if (count === 0) this.#chars += text.length;
    while (this.#counts.size > KEPT_TEXTS || this.#chars > KEPT_CHARS) {
      const oldest = this.#counts.keys().next().value as string;
      if (oldest === text) break;
      this.#counts.delete(oldest);
      this.#chars -= oldest.length;
    }
  }

  /** Whether `text` is one produced and not yet taken; if so, one call's count of it is taken. */
  take(text: string): boolean {
    const count = this.#counts.get(text);
    if (count === undefined) return false;
    if (count > 1) this.#counts.set(text, count - 1);
    else {
      this.#counts.delete(text);
      this.#chars -= text.length;
    }
    return true;
  }
}
