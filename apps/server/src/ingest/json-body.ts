import { isUtf8 } from 'node:buffer';
import { ApiError } from '../http/api-error.js';
import { SURROGATE_ESCAPE, wellFormedStrings } from '../http/json-text.js';

/**
 * The body of an ingestion call (sensor events and S2S), parsed as UTF-8 JSON, with the one rule for
 * text that is not well-formed (docs/integration.md, "Text as sent"; the surrogate rule is shared with the
 * dashboard's API in `http/json-text.ts`):
 *
 * - invalid UTF-8 bytes are the sender's fault: 400, nothing is guessed;
 * - a string that JSON escapes make ill-formed (a lone or reversed UTF-16 surrogate, `"\ud800"`) gets
 *   U+FFFD REPLACEMENT CHARACTER in place of each unpaired surrogate, here, before validation and before
 *   the answer, so that what is acknowledged is what is stored;
 * - everything else is kept as sent: a U+FEFF at the start of a value, NUL (`\u0000`), other control
 *   characters and the non-characters (U+FFFE, U+FFFF, U+FDD0 ...).
 *
 * Only the body's own leading byte order mark is dropped (it belongs to the encoding, not to a value).
 */
export function parseJsonBody(body: Buffer): unknown {
  // isUtf8 checks natively; a fatal TextDecoder did the same at several times the cost.
  if (!isUtf8(body)) throw ApiError.badRequest('The body is not valid UTF-8');
  let text = body.toString('utf8');
  if (text.charCodeAt(0) === BYTE_ORDER_MARK) text = text.slice(1);
  if (text.trim() === '') throw ApiError.badRequest('The body is empty');
  try {
    // Decoded UTF-8 is well-formed: only a \uD800-\uDFFF escape can make a string ill-formed, so a body
    // without one (nearly all) is parsed without a reviver.
    return SURROGATE_ESCAPE.test(text) ? JSON.parse(text, wellFormedStrings) : JSON.parse(text);
  } catch {
    throw ApiError.badRequest('Malformed JSON body');
  }
}

const BYTE_ORDER_MARK = 0xfeff;
