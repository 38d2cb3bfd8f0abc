// Why a server could not be reached, as check, lock and the proxy say it. OpenSSL's messages begin with the id of the
// thread that failed (`80DC8DB0197F0000:error:0A00010B:SSL routines:...`), different on every run: a review's find
// was the same unreachable URL said in different bytes each time. That lead is left out; the rest is kept. node:http
// puts the call and its code before it (`write EPROTO 806C...:error:...`) and ends it with a line break.

/** OpenSSL's lead: the thread's id, then `error:` and the error's code; node:http's call and code kept before it. */
const OPENSSL_LEAD = /^((?:[a-z]+ )?E[A-Z]+ )?[0-9A-F]+:error:[0-9A-F]+:/;

/** `message` without the run-dependent lead OpenSSL gives its errors, on one line. */
export function reachFailureText(message: string): string {
  return message.replace(OPENSSL_LEAD, '$1').trimEnd();
}
